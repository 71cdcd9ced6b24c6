// The 1,000 other consoles of bench/alert-latency.bench.ts, in a process of their own: light SSE
// clients (raw http, one keep-alive socket each) on GET /api/events, each counting the events it
// receives and noting, per tag, when the first event naming it arrived (wall clock, Date.now()).
// Driven over IPC by the bench: connect → stats (any number of times) → close.
import http from 'node:http';

/** @typedef {{ res?: http.IncomingMessage, req?: http.ClientRequest, events: number, tags: Set<string>, buffer: string, ended: boolean }} Client */

/** @type {Client[]} */
let clients = [];
/** tag → { n: clients that received it, first, last: Date.now() of the first and last of them } */
const tags = new Map();
let drops = 0;
/** CPU time of this process since its clients were connected. */
let cpuSince = process.cpuUsage();
let closing = false;
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const TAG = /"tag": ?\{"id": ?"([0-9a-f]{12})"/;

function onChunk(client, chunk) {
  client.buffer += chunk;
  let end;
  while ((end = client.buffer.indexOf('\n\n')) !== -1) {
    const block = client.buffer.slice(0, end);
    client.buffer = client.buffer.slice(end + 2);
    if (!block.includes('\nevent: alert\n')) continue;
    client.events++;
    const tag = TAG.exec(block)?.[1];
    if (!tag || client.tags.has(tag)) continue;
    client.tags.add(tag);
    const now = Date.now();
    const seen = tags.get(tag);
    if (seen) {
      seen.n++;
      seen.last = now;
    } else tags.set(tag, { n: 1, first: now, last: now });
  }
}

function open(url, headers) {
  /** @type {Client} */
  const client = { events: 0, tags: new Set(), buffer: '', ended: false };
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers: { ...headers, accept: 'text/event-stream' } }, (res) => {
      client.res = res;
      res.setEncoding('utf8');
      if (res.statusCode !== 200) {
        res.resume();
        return resolve({ client, ok: false, status: res.statusCode });
      }
      res.on('data', (chunk) => onChunk(client, chunk));
      res.on('close', () => {
        client.ended = true;
        if (!closing) drops++;
      });
      resolve({ client, ok: true });
    });
    client.req = req;
    req.on('error', (err) => {
      client.ended = true;
      resolve({ client, ok: false, status: String(err.code ?? err.message) });
    });
  });
}

async function connect({ url, headers, count, concurrency = 50 }) {
  const started = Date.now();
  const failures = new Map();
  for (let i = 0; i < count; i += concurrency) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(concurrency, count - i) }, () => open(url, headers)),
    );
    for (const { client, ok, status } of batch) {
      if (ok) clients.push(client);
      else failures.set(status, (failures.get(status) ?? 0) + 1);
    }
  }
  cpuSince = process.cpuUsage();
  return { connected: clients.length, failed: Object.fromEntries(failures), ms: Date.now() - started };
}

function stats() {
  const cpu = process.cpuUsage(cpuSince);
  const counts = clients.map((c) => c.events).sort((a, b) => a - b);
  return {
    clients: clients.length,
    open: clients.filter((c) => !c.ended).length,
    drops,
    eventsMin: counts[0] ?? 0,
    eventsMax: counts.at(-1) ?? 0,
    eventsTotal: counts.reduce((a, b) => a + b, 0),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    tags: Object.fromEntries(tags),
  };
}

process.on('message', async (msg) => {
  if (msg.cmd === 'connect') process.send({ type: 'connected', ...(await connect(msg)) });
  else if (msg.cmd === 'stats') process.send({ type: 'stats', ...stats() });
  else if (msg.cmd === 'close') {
    closing = true;
    for (const c of clients) c.req?.destroy();
    clients = [];
    agent.destroy();
    process.send({ type: 'closed' }, () => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));
