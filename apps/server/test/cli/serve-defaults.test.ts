import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed';
import { loadConfig, seedDemoFrom } from '../../src/platform/config';
import { freshPostgresDatabase, killAllServers, postgresAnswers, startServer } from '../helpers/spawn';

// `vigil serve` as `npm start` runs it: the demo's users share a published password, so a start
// with the default environment must be reachable from this machine only, and a deployment (a
// DATABASE_URL, or HOST set) must never get those users.

const hasPostgres = await postgresAnswers();
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-serve-'));
  dirs.push(dir);
  return dir;
};
afterEach(killAllServers);
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const PROC_TCP = ['/proc/net/tcp', '/proc/net/tcp6'];

/**
 * The local addresses of the sockets listening on `port`, read from the kernel's table (Linux):
 * IPv4 dotted, IPv6 as eight groups. No packet is sent to any address of the machine.
 */
function listeningAddresses(port: number): string[] {
  const found: string[] = [];
  for (const file of PROC_TCP.filter((f) => fs.existsSync(f))) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local) continue; // 0A: LISTEN
      const [hex, portHex] = local.split(':');
      if (Number.parseInt(portHex!, 16) !== port) continue;
      // Each 32-bit word is stored in host (little-endian) byte order.
      const bytes = hex!.match(/.{8}/g)!.flatMap((word) => word.match(/../g)!.reverse());
      const n = bytes.map((b) => Number.parseInt(b, 16));
      found.push(
        n.length === 4
          ? n.join('.')
          : Array.from({ length: 8 }, (_, i) => ((n[2 * i]! << 8) | n[2 * i + 1]!).toString(16)).join(':'),
      );
    }
  }
  return found.sort();
}

async function demoSignIn(url: string): Promise<number> {
  const res = await fetch(`${url}/api/auth/password/demo`, {
    method: 'POST',
    headers: { slug: 'demo', domain: 'localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.example', password: DEMO_PASSWORD }),
  });
  return res.status;
}

describe('vigil serve with the default environment (npm start)', () => {
  it.skipIf(!fs.existsSync(PROC_TCP[0]!))(
    'listens on 127.0.0.1 only, says so, and seeds the demo for this machine',
    async () => {
      const port = await freePort();
      const server = await startServer({
        port,
        dataDir: tempDir(),
        env: { HOST: undefined, SEED_DEMO: undefined },
      });
      expect(listeningAddresses(port)).toEqual(['127.0.0.1']);
      expect(server.output()).toContain(
        `Vigil on http://127.0.0.1:${port} (loopback only; set HOST=0.0.0.0 to serve the network)`,
      );
      expect(server.output()).toContain(`Demo logins (password ${DEMO_PASSWORD})`);
      expect(await demoSignIn(server.url)).toBe(200);
    },
  );
});

describe('a deployment gets no demo users', () => {
  it('with HOST set (here to loopback), none are seeded', async () => {
    const server = await startServer({
      port: await freePort(),
      dataDir: tempDir(),
      env: { HOST: '127.0.0.1', SEED_DEMO: undefined },
    });
    expect(server.output()).not.toContain('Demo logins');
    expect(await demoSignIn(server.url)).not.toBe(200);
  });

  it.runIf(hasPostgres)('with a DATABASE_URL, none are seeded', async () => {
    const db = await freshPostgresDatabase('vigil_serve_defaults');
    try {
      const server = await startServer({
        port: await freePort(),
        databaseUrl: db.url,
        env: { HOST: undefined, SEED_DEMO: undefined },
      });
      expect(server.output()).not.toContain('Demo logins');
      expect(await demoSignIn(server.url)).not.toBe(200);
      await server.stop();
    } finally {
      await db.drop();
    }
  });
});

describe('HOST and SEED_DEMO (loadConfig)', () => {
  it.each([
    [{}, '127.0.0.1', true],
    [{ HOST: '' }, '127.0.0.1', true],
    [{ HOST: '127.0.0.1' }, '127.0.0.1', false],
    [{ HOST: '0.0.0.0' }, '0.0.0.0', false],
    [{ DATABASE_URL: 'postgres://db/vigil' }, '127.0.0.1', false],
    [{ SEED_DEMO: 'true', HOST: '127.0.0.1' }, '127.0.0.1', true],
    [{ SEED_DEMO: 'true', HOST: '::1' }, '::1', true],
    [{ SEED_DEMO: 'true', DATABASE_URL: 'postgres://db/vigil' }, '127.0.0.1', true],
    [{ SEED_DEMO: 'true', HOST: '0.0.0.0' }, '0.0.0.0', false],
    [{ SEED_DEMO: 'true', HOST: '10.1.2.3' }, '10.1.2.3', false],
    [{ SEED_DEMO: 'false' }, '127.0.0.1', false],
  ] as const)('%j listens on %s; demo users: %s', (env, host, seeds) => {
    expect(loadConfig(env).host).toBe(host);
    expect(seedDemoFrom(env)).toBe(seeds);
    expect(loadConfig(env).seedDemo).toBe(seeds);
  });
});
