/**
 * What a backup, a restore and an export are checked by: each table of the `public` schema's row
 * count and an order-free digest of its rows (the sum of a 60-bit prefix of each row's md5), so two
 * databases holding the same rows answer the same fingerprint whichever engine or row order.
 * The caller's session must use the UTC time zone (timestamps are part of a row's text).
 */

/** One statement on one connection (PGlite's `query`, or a node-postgres client's). */
export type QueryFn = <T>(text: string, params?: unknown[]) => Promise<{ rows: T[] }>;

export type TableFingerprint = { rows: number; digest: string };
export type Fingerprints = Record<string, TableFingerprint>;

/** The tables of the public schema, by name. */
export async function publicTables(query: QueryFn): Promise<string[]> {
  const { rows } = await query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  return rows.map((row) => row.name);
}

export async function fingerprintTables(query: QueryFn): Promise<Fingerprints> {
  await query(`set timezone to 'UTC'`);
  const result: Fingerprints = {};
  for (const table of await publicTables(query)) {
    const { rows } = await query<{ rows: string; digest: string }>(
      `select count(*)::text as rows,
              coalesce(sum(('x' || substr(md5(t::text), 1, 15))::bit(60)::bigint::numeric), 0)::text as digest
       from public.${quoteIdent(table)} t`,
    );
    result[table] = { rows: Number(rows[0]!.rows), digest: rows[0]!.digest };
  }
  return result;
}

/** The tables whose fingerprints differ between `expected` and `actual` (missing on either side too). */
export function fingerprintDifferences(expected: Fingerprints, actual: Fingerprints): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names.flatMap((name) => {
    const a = expected[name];
    const b = actual[name];
    if (!a) return [`${name}: not in the source`];
    if (!b) return [`${name}: missing`];
    if (a.rows !== b.rows) return [`${name}: ${b.rows} rows instead of ${a.rows}`];
    if (a.digest !== b.digest) return [`${name}: the same ${a.rows} rows count, but their contents differ`];
    return [];
  });
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
