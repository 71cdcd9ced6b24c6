import { sql, type SQL } from 'drizzle-orm';
import type { Batches } from './batches';
import type { Counts } from './tally';

// Sign-in state whose own lifetime is over (issue 19): nothing reads it again, and until now only
// a later sign-in of the same kind (or the same account) cleared some of it. Not an organisation's
// history, so no setting: the daily run deletes it once it is of no use to anyone.

/** A margin past the end of a lifetime before a row goes (clocks, a request in flight). */
const MARGIN = sql`interval '1 day'`;

type Expired = {
  table: string;
  /** The rows' primary key. */
  key: readonly string[];
  /** Which rows are over, as of `now`. */
  over: (now: SQL) => SQL;
  /** Rows of other tables that go with each (ON DELETE CASCADE), counted before. */
  cascade?: { table: string; column: string };
};

const EXPIRED: readonly Expired[] = [
  // SSO sign-ins abandoned at the identity provider, and the assertion ids kept against replay.
  { table: 'sign_in_requests', key: ['state'], over: (now) => sql`expires_at < ${now}` },
  { table: 'saml_assertions', key: ['zone_id', 'assertion_id'], over: (now) => sql`expires_at < ${now}` },
  // One-time codes (SSO and mobile login), used or not.
  { table: 'auth_codes', key: ['code_hash'], over: (now) => sql`expires_at < ${now}` },
  // The password limit counts failures of the last 15 minutes (auth/login.ts).
  { table: 'login_failures', key: ['id'], over: (now) => sql`at < ${now} - ${MARGIN}` },
  // A refresh token past its expiry is refused anyway (auth/sessions.ts).
  { table: 'refresh_tokens', key: ['id'], over: (now) => sql`expires_at < ${now} - ${MARGIN}` },
  // A session revoked a day ago, or a day old with no refresh token left, can sign nothing in again.
  {
    table: 'sessions',
    key: ['id'],
    over: (now) => sql`(revoked_at < ${now} - ${MARGIN}
      or (created_at < ${now} - ${MARGIN}
        and not exists (select 1 from refresh_tokens r where r.session_id = sessions.id)))`,
    cascade: { table: 'refresh_tokens', column: 'session_id' },
  },
];

type Row = { found: number; cascaded: number };

function statement(e: Expired, now: SQL, n: number | undefined, dryRun: boolean): SQL {
  const table = sql.raw(e.table);
  const key = sql.raw(e.key.join(', '));
  const limit = n === undefined ? sql`` : sql`limit ${n}`;
  const cascaded = e.cascade
    ? sql`(select count(*) from ${sql.raw(e.cascade.table)}
        where ${sql.raw(e.cascade.column)} in (select id from victims))::int`
    : sql`0`;
  const gone = dryRun
    ? sql``
    : sql`, gone as (delete from ${table} where (${key}) in (select ${key} from victims))`;
  return sql`
    with victims as (select ${key} from ${table} where ${e.over(now)} ${limit}) ${gone}
    select (select count(*) from victims)::int as found, ${cascaded} as cascaded`;
}

/** Deletes (or, in a dry run, counts) the expired sign-in state; rows per table. */
export async function deleteExpired(b: Batches, now: Date, dryRun: boolean): Promise<Counts> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const counts: Counts = {};
  const add = (table: string, n: number) => (counts[table] = (counts[table] ?? 0) + n);
  for (const e of EXPIRED) {
    add(e.table, 0);
    while (!b.stopped) {
      // A dry run deletes nothing, so it counts each table in one statement (they are small).
      const n = dryRun ? undefined : b.size(`expired:${e.table}`);
      const [row] = await b.run<Row>(
        `expired:${e.table}`,
        statement(e, at, n, dryRun),
        (rows) => rows[0]?.found ?? 0,
      );
      add(e.table, row?.found ?? 0);
      if (e.cascade) add(e.cascade.table, row?.cascaded ?? 0);
      if (n === undefined || (row?.found ?? 0) < n) break;
    }
  }
  return counts;
}
