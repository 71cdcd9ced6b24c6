// The server of a bench in a process of its own (bench/lists-server.ts), so that its memory and CPU
// are measured apart from the client's: the real app on a data directory (embedded PGlite) or on
// DATABASE_URL, on a free loopback port, with SQL on its database through the process's IPC
// (PGlite is one process's alone). Used by bench/lists.bench.ts and bench/reports.bench.ts.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed';

export type MemoryReport = { base: { rss: number; heap: number }; peak: { rss: number; heap: number } };

export type ServerOptions = {
  /** PostgreSQL instead of the data directory's PGlite. */
  databaseUrl?: string;
  /** A built console to serve (CONSOLE_DIR); none by default. */
  consoleDir?: string;
};

export class Server {
  private pending = new Map<number, (m: { rows?: unknown[]; error?: string }) => void>();
  private memory?: (m: MemoryReport) => void;
  private cleared?: () => void;
  private next = 0;
  constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.on(
      'message',
      (m: { type: string; id?: number } & MemoryReport & { rows?: unknown[]; error?: string }) => {
        if (m.type === 'sql') this.pending.get(m.id!)?.(m);
        if (m.type === 'memory') this.memory?.(m);
        if (m.type === 'cleared') this.cleared?.();
      },
    );
  }

  /**
   * Starts the server on `dataDir` (or `options.databaseUrl`). BENCH_SERVER_NODE_ARGS (e.g.
   * '--cpu-prof --cpu-prof-dir=/tmp/p') go to its node.
   */
  static async start(dataDir: string, options: ServerOptions = {}): Promise<Server> {
    const child = fork(
      path.join(import.meta.dirname, 'lists-server.ts'),
      [dataDir, options.databaseUrl ?? '', options.consoleDir ?? ''],
      {
        execArgv: [
          '--import',
          'tsx',
          '--expose-gc',
          ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
        ],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        env: { ...process.env, LOG_LEVEL: 'warn' },
      },
    );
    // A failed run must not leave the server (and its CPU) behind.
    process.on('exit', () => child.kill('SIGKILL'));
    const ready = await new Promise<{ address: string }>((resolve, reject) => {
      child.once('message', resolve as never);
      child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    return new Server(child, ready.address);
  }

  /** Runs `text` on the server's database connection; its rows. */
  sql<T>(text: string): Promise<T[]> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (m) => {
        this.pending.delete(id);
        if (m.error) reject(new Error(m.error));
        else resolve(m.rows as T[]);
      });
      this.child.send({ type: 'sql', id, text });
    });
  }

  sampleStart() {
    this.child.send({ type: 'sample-start' });
  }

  sampleStop(): Promise<MemoryReport> {
    return new Promise((resolve) => {
      this.memory = resolve;
      this.child.send({ type: 'sample-stop' });
    });
  }

  /** Empties the server's analytics answer cache (in-process until local midnight, SPEC §7). */
  clearAnalyticsCache(): Promise<void> {
    return new Promise((resolve) => {
      this.cleared = resolve;
      this.child.send({ type: 'clear-analytics-cache' });
    });
  }

  async stop() {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.send({ type: 'exit' });
    await new Promise((resolve) => this.child.once('exit', resolve));
  }
}

/** The demo admin signed in by password: the headers of its API requests. */
export async function signInAdmin(url: string): Promise<Record<string, string>> {
  const login = await fetch(`${url}/api/auth/password/demo`, {
    method: 'POST',
    headers: { slug: 'demo', domain: 'localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.example', password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign in: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { access: { token: string } }).access.token;
  return { slug: 'demo', domain: 'localhost', authorization: `Bearer ${token}` };
}
