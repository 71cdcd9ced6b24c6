// Load generator of bench/ingest.bench.ts, run as its own process (node, no tsx) so that its CPU is
// measured apart from the server's. Gateways post batches of button events over keep-alive HTTP,
// each waiting for its answer before its next post (closed loop); a share of the events are exact
// copies of recently sent ones (another gateway heard the same press, or a retry), and a share of
// the posts are verbatim retries of the gateway's previous post. Every answer is recorded so the
// bench can check it against the database afterwards.
//
// Protocol (IPC): the parent sends the configuration; this process answers {type:'done', ...} with
// figures and answers. CPU is read here from /proc at the window's edges (this process, the server
// process = our parent, PostgreSQL's processes, the whole machine): the server's event loop may be
// too busy to note the moment itself.
import fs from 'node:fs';
import http from 'node:http';

process.once('message', (cfg) => {
  run(cfg).then(
    (result) => process.send({ type: 'done', ...result }, () => process.exit(0)),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
});

const HZ = 100;

/** utime + stime of a process, in clock ticks. */
function processTicks(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(rest[11]) + Number(rest[12]);
}

/** CPU ticks of every PostgreSQL server process. */
function postgresTicks() {
  let sum = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres') sum += processTicks(pid);
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}

/** Busy and total ticks of the whole machine (everyone's work, other users' included). */
function machineTicks() {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - f[3] - f[4], total };
}

function snapshot() {
  return {
    at: performance.now(),
    self: process.cpuUsage(),
    server: processTicks(process.ppid),
    postgres: postgresTicks(),
    machine: machineTicks(),
  };
}

/** A small deterministic PRNG (mulberry32): runs are comparable. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function run(cfg) {
  const {
    port,
    authorization,
    gateways,
    tags,
    unknownTags,
    concurrency,
    warmupMs,
    durationMs,
    batch,
    dupShare,
    retryShare,
    unknownShare,
  } = cfg;
  const random = rng(cfg.seed ?? 1);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const press = [{ buttonPress: 0, buttonRelease: 120, tapDelta: 0 }];
  const recent = []; // ring of recently sent events, copied as duplicates
  const RECENT = 4096;
  let recentAt = 0;
  let nonce = 1;

  function nextEvent() {
    if (recent.length && random() < dupShare) return recent[Math.floor(random() * recent.length)];
    const pool = random() < unknownShare ? unknownTags : tags;
    const event = { tag: pool[Math.floor(random() * pool.length)], nonce: nonce++, events: press };
    if (recent.length < RECENT) recent.push(event);
    else recent[recentAt++ % RECENT] = event;
    return event;
  }

  function post(body) {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/ingest/button-events',
          agent,
          headers: {
            authorization,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  const answers = new Map(); // `${tag}|${nonce}` -> alertId or 'unknown_tag'
  const statuses = { created: 0, joined: 0, duplicate: 0, unknown_tag: 0 };
  const httpStatus = {};
  let conflicts = 0; // a (tag, nonce) answered with two different alerts
  let misordered = 0; // a result that does not name the event at its position
  let failures = 0; // transport errors
  const failureCodes = {};
  const latencies = [];
  let windowEvents = 0;
  let windowPosts = 0;
  let first;
  let cpu;

  const t0 = performance.now();
  const windowStart = t0 + warmupMs;
  const windowEnd = windowStart + durationMs;
  let started = false;
  let ended = false;
  const tick = setInterval(() => {
    const now = performance.now();
    if (!started && now >= windowStart) {
      started = true;
      first = snapshot();
    }
    if (!ended && now >= windowEnd) {
      ended = true;
      const last = snapshot();
      const s = (last.at - first.at) / 1000;
      const self = process.cpuUsage(first.self);
      const share = (ticks) => ticks / HZ / s;
      cpu = {
        seconds: s,
        loadGen: (self.user + self.system) / 1e6 / s,
        server: share(last.server - first.server),
        postgres: share(last.postgres - first.postgres),
        machine: (last.machine.busy - first.machine.busy) / (last.machine.total - first.machine.total),
      };
    }
  }, 5);

  async function worker(i) {
    const gateway = gateways[i % gateways.length];
    let previous;
    while (performance.now() < windowEnd) {
      const body =
        previous && random() < retryShare
          ? previous
          : JSON.stringify({ gateway, buttonEvents: Array.from({ length: batch }, nextEvent) });
      previous = body;
      const sent = performance.now();
      let res;
      try {
        res = await post(body);
      } catch (err) {
        failures++;
        failureCodes[err.code ?? err.message] = (failureCodes[err.code ?? err.message] ?? 0) + 1;
        continue;
      }
      const done = performance.now();
      httpStatus[res.status] = (httpStatus[res.status] ?? 0) + 1;
      // Throughput: posts answered within the window. Latency: posts sent within it (steady state,
      // not the first connections of 200 gateways at once).
      const inWindow = done >= windowStart && done < windowEnd;
      if (sent >= windowStart && sent < windowEnd) latencies.push(done - sent);
      if (inWindow) windowPosts++;
      if (res.status !== 200 && res.status !== 202) continue;
      const sentEvents = JSON.parse(body).buttonEvents;
      const { results } = JSON.parse(res.text);
      if (inWindow) windowEvents += results.length;
      results.forEach((r, k) => {
        const e = sentEvents[k];
        if (!e || r.tag !== e.tag || r.nonce !== e.nonce) misordered++;
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        const key = `${r.tag}|${r.nonce}`;
        const value = r.status === 'unknown_tag' ? 'unknown_tag' : (r.alertId ?? 'none');
        const had = answers.get(key);
        if (had === undefined) answers.set(key, value);
        else if (had !== value) conflicts++;
      });
    }
  }

  await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(i)));
  clearInterval(tick);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
  return {
    cpu,
    windowEvents,
    windowPosts,
    p50: pct(0.5),
    p99: pct(0.99),
    max: latencies[latencies.length - 1] ?? NaN,
    statuses,
    httpStatus,
    conflicts,
    misordered,
    failures,
    failureCodes,
    answers: [...answers],
  };
}
