import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { expect } from '@playwright/test';

// A spec that needs a deployment of its own (settings the suite's server of playwright.config.ts
// does not have, such as providers or notification channels) starts it here: the API tests' local
// peers as a process (the suite does not import the server's code), then `vigil serve` with their
// settings, on a free port and a data directory of its own, seeded with the demo organisations.

export const REPO = path.resolve(import.meta.dirname, '..');

/** A free port on 127.0.0.1 (taken, then given back for the server to listen on). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts a script of the repository with tsx, as one process (stopping it stops the script). */
export function run(script: string, args: string[], env: NodeJS.ProcessEnv, stdout: 'pipe' | 'ignore') {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO,
    stdio: ['ignore', stdout, 'inherit'],
    env,
  });
}

/** Stops a process this file started (SIGTERM) and waits for it to exit. */
export async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Peers as a process: where their control server listens, and the settings naming them. */
export type PeerProcess<E extends Record<string, string>> = {
  origin: string;
  env: E;
  process: ChildProcess;
};

/** Starts a peers' entry (a `*-main.ts` that prints one JSON line `{origin, env}` once listening). */
export async function startPeerProcess<E extends Record<string, string>>(
  script: string,
): Promise<PeerProcess<E>> {
  const child = run(script, [], process.env, 'pipe');
  const lines = readline.createInterface({ input: child.stdout! });
  const line = await Promise.race([
    new Promise<string>((resolve) => lines.once('line', resolve)),
    new Promise<never>((_, reject) => child.once('exit', () => reject(new Error(`${script} exited`)))),
  ]);
  lines.close();
  const { origin, env } = JSON.parse(line) as { origin: string; env: E };
  return { origin, env, process: child };
}

/** A deployment of this spec's own: its base URL, and how to stop it and remove its data. */
export type OwnServer = { base: string; stop: () => Promise<void> };

/**
 * Starts `vigil serve` on a free port of 127.0.0.1 with a new data directory, the demo seed and
 * `env` on top, and waits until /readyz answers.
 */
export async function startOwnServer(
  name: string,
  env: (base: string) => Record<string, string>,
): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vigil-e2e-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = run(
    'apps/server/src/cli.ts',
    ['serve'],
    {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      CONSOLE_DIR: process.env.CONSOLE_DIR ?? path.join(REPO, 'apps/console/dist'),
      ...env(base),
    },
    'ignore',
  );
  const ready = () =>
    fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`vigil serve (${name}) exited with ${code}`))),
  );
  await Promise.race([expect.poll(ready, { timeout: 120_000 }).toBe(true), exited]);
  return {
    base,
    stop: async () => {
      await stop(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
