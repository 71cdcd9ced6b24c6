// Several instances: three `vigil serve` processes on loopback ports sharing one fresh
// PostgreSQL database (DATABASE_URL's server, else 127.0.0.1:5432), behind nothing but their own
// ports. Times a press posted to instance A until its alert reaches a console on instance C (and on
// A itself, for comparison); checks that an escalation happens once across the three; then kills
// the console's instance mid-burst and counts what was lost and what the reconnect replayed.
import pg from 'pg';
import {
  percentile,
  pressToConsole,
  startInstances,
  timedConsole,
} from '../apps/server/test/helpers/instances';
import {
  alertOf,
  burst,
  freshPostgresDatabase,
  killAllServers,
  ok,
  postgresAnswers,
  prepareDatabase,
} from '../apps/server/test/helpers/spawn';

const PRESSES = Number(process.env.BENCH_PRESSES ?? 100);
const BURST = 200;
const DELAY_S = 5;
const TARGET_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!(await postgresAnswers())) {
  console.log('PostgreSQL does not answer (DATABASE_URL or 127.0.0.1:5432): skipped');
  process.exit(0);
}

const fresh = await freshPostgresDatabase('vigil_bench_instances');
try {
  const t0 = performance.now();
  const [a, b, c] = await startInstances(fresh.url, [8306, 8307, 8308]);
  console.log(
    `3 instances started together on an empty database in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const tags = await prepareDatabase({
    databaseUrl: fresh.url,
    tags: 2 * PRESSES + BURST,
    prefix: 'cb',
    escalationDelayS: DELAY_S,
  });
  const db = new pg.Pool({ connectionString: fresh.url, max: 2 });

  // Latency: A → C, and A → A for comparison; half one after another, half in bursts of 10.
  const onC = await timedConsole(c!.url);
  const onA = await timedConsole(a!.url);
  const half = PRESSES / 2;
  const toC = tags.slice(0, PRESSES);
  const toA = tags.slice(PRESSES, 2 * PRESSES);
  const rows = [];
  const row = (name: string, { total, afterAnswer }: { total: number[]; afterAnswer: number[] }) => ({
    case: name,
    presses: total.length,
    'p50 ms': percentile(total, 50).toFixed(1),
    'p99 ms': percentile(total, 99).toFixed(1),
    'max ms': Math.max(...total).toFixed(1),
    'after answer p50': percentile(afterAnswer, 50).toFixed(1),
    'after answer p99': percentile(afterAnswer, 99).toFixed(1),
    missing: total.filter((m) => !Number.isFinite(m)).length,
  });
  rows.push(row('A → C, one after another', await pressToConsole(a!.url, onC, toC.slice(0, half))));
  rows.push(row('A → C, bursts of 10', await pressToConsole(a!.url, onC, toC.slice(half), 10)));
  rows.push(row('A → A, one after another', await pressToConsole(a!.url, onA, toA.slice(0, half))));
  rows.push(row('A → A, bursts of 10', await pressToConsole(a!.url, onA, toA.slice(half), 10)));
  onA.close();
  console.log(`press → console over three instances on PostgreSQL, target < ${TARGET_MS} ms`);
  console.table(rows);

  // Escalation: every latency alert falls due DELAY_S after it opened; all three sweep and work jobs.
  await sleep(DELAY_S * 1000 + 2500);
  const escalated = await db.query(
    `select count(*)::int as n from alert_events e join alerts a on a.id = e.alert_id
      where a.tag_id = any($1) and e.action = 'escalated' group by e.alert_id`,
    [[...toC, ...toA]],
  );
  const counts = escalated.rows.map((r) => r.n as number);
  console.log(
    `escalation across 3 instances: ${counts.length}/${2 * PRESSES} alerts escalated, ` +
      `${counts.filter((n) => n > 1).length} more than once`,
  );

  // Kill C (the console's instance) mid-burst; presses go round the three, a failed one to the next.
  const burstTags = tags.slice(2 * PRESSES);
  const servers = [a!, b!, c!];
  const presses = burst({
    tags: burstTags,
    nonce: (t) => `kill-${t}`,
    concurrency: 16,
    pick: (i, attempt) => servers[(i + attempt) % 3]!.url,
    attempts: 3,
  });
  const started = performance.now();
  while (presses.results.filter(ok).length < BURST / 4 && performance.now() - started < 5000) await sleep(5);
  await c!.kill9();
  const killedAt = performance.now();
  await presses.done;
  await onC.ended;
  const reconnectAt = performance.now();
  const onA2 = await timedConsole(a!.url, onC.lastId());
  await onA2.waitFor(() => burstTags.every((t) => onC.arrivals.has(t) || onA2.arrivals.has(t)), 15_000);
  const replayMs = performance.now() - reconnectAt;
  onA2.close();
  const lost = presses.results.filter((r) => !ok(r)).length;
  const stored = await db.query(
    `select count(distinct (tag_id, nonce))::int as n, count(*)::int as rows from button_events where tag_id = any($1)`,
    [burstTags],
  );
  const burstMs = presses.results.map((r) => r.answeredAt - r.sentAt);
  console.log(
    `kill -9 of C after ${(killedAt - started).toFixed(0)} ms of a ${BURST}-press burst: ` +
      `${BURST - lost} presses answered 2xx, ${lost} lost; ${stored.rows[0].rows} button events stored for ` +
      `${stored.rows[0].n} (tag, nonce); ${presses.attempts.length - BURST} retried on another instance; ` +
      `press answer p50 ${percentile(burstMs, 50).toFixed(0)} ms, p99 ${percentile(burstMs, 99).toFixed(0)} ms`,
  );
  const missed = onA2.events.filter((e) => alertOf(e.data)).length;
  console.log(
    `console reconnected to A with Last-Event-ID ${onC.lastId()}: ${missed} missed events replayed, ` +
      `every burst alert present after ${replayMs.toFixed(0)} ms`,
  );
  await db.end();
  await Promise.all([a!.stop(), b!.stop()]);
} finally {
  await killAllServers();
  await fresh.drop();
}
