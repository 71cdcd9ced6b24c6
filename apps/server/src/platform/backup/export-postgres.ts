import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import {
  fingerprintDifferences,
  fingerprintTables,
  publicTables,
  quoteIdent,
  type QueryFn,
} from './fingerprint';

/**
 * `vigil export-to-postgres`: every row of an embedded database copied into a PostgreSQL database that
 * Vigil has migrated and that holds no organisation yet, in one transaction (all or nothing), then
 * both compared table by table (fingerprint.ts). Rows travel as JSON in batches read in ctid order,
 * so no batch re-reads the table; triggers (the analytics rollups' among them) and foreign-key
 * checks are off for the load (`session_replication_role = replica`): the rollups are copied as
 * they are, and the rows arrive in table order, not in dependency order.
 */

export const EXPORT_BATCH_ROWS = 2000;

export class ExportRefused extends Error {}

export type ExportResult = { tables: { name: string; rows: number }[]; differences: string[]; ms: number };

export async function exportToPostgres(opts: {
  source: PGlite;
  target: pg.PoolClient | pg.Client;
  log?: (line: string) => void;
  batchRows?: number;
}): Promise<ExportResult> {
  const started = performance.now();
  const source = opts.source;
  const target = opts.target;
  const batchRows = opts.batchRows ?? EXPORT_BATCH_ROWS;
  const targetQuery: QueryFn = async <T>(text: string, params?: unknown[]) =>
    (await target.query(text, params)) as unknown as { rows: T[] };
  const sourceQuery: QueryFn = async <T>(text: string, params?: unknown[]) => source.query<T>(text, params);

  const { rows: held } = await target.query<{ n: string }>('select count(*)::text as n from public.zones');
  if (Number(held[0]!.n) > 0) {
    throw new ExportRefused(
      `The PostgreSQL database already holds Vigil data (${held[0]!.n} zones): export into an empty database`,
    );
  }
  const tables = await publicTables(sourceQuery);
  const targetTables = await publicTables(targetQuery);
  const lacking = tables.filter((t) => !targetTables.includes(t));
  if (lacking.length > 0) {
    throw new ExportRefused(
      `The PostgreSQL database has no table ${lacking.join(', ')}: it was migrated by another version of Vigil`,
    );
  }
  const copied: { name: string; rows: number }[] = [];
  await target.query('begin');
  try {
    await target.query(`set local session_replication_role = replica`);
    await target.query(`set local timezone to 'UTC'`);
    for (const table of tables) {
      // The rows of the target's own start (the migrations' reference rows) give way to the source's.
      await target.query(`delete from public.${quoteIdent(table)}`);
      const columns = await writableColumns(sourceQuery, table);
      const list = columns.map(quoteIdent).join(', ');
      let after = '(0,0)';
      let rows = 0;
      for (;;) {
        const { rows: batch } = await source.query<{ json: string | null; last: string | null; n: number }>(
          `with b as (
             select ctid as c, to_jsonb(t) as j from public.${quoteIdent(table)} t
             where ctid > $1::tid order by ctid limit ${batchRows}
           )
           select jsonb_agg(j order by c)::text as json, max(c)::text as last, count(*)::int as n from b`,
          [after],
        );
        const { json, last, n } = batch[0]!;
        if (!json || !last || n === 0) break;
        await target.query(
          `insert into public.${quoteIdent(table)} (${list})
           select ${list} from jsonb_populate_recordset(null::public.${quoteIdent(table)}, $1::jsonb)`,
          [json],
        );
        rows += n;
        after = last;
        if (n < batchRows) break;
      }
      copied.push({ name: table, rows });
      opts.log?.(`${table}: ${rows} rows`);
    }
    const { rows: sequences } = await source.query<{ name: string }>(
      `select quote_ident(sequence_name) as name from information_schema.sequences where sequence_schema = 'public'`,
    );
    for (const { name } of sequences) {
      const { rows } = await source.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from public.${name}`,
      );
      await target.query(`select setval('public.${name}', $1::bigint, $2)`, [
        rows[0]!.last_value,
        rows[0]!.is_called,
      ]);
    }
    await target.query('commit');
  } catch (err) {
    await target.query('rollback').catch(() => undefined);
    throw err;
  }
  await target.query(`set timezone to 'UTC'`);
  const [expected, actual] = [await fingerprintTables(sourceQuery), await fingerprintTables(targetQuery)];
  return {
    tables: copied,
    differences: fingerprintDifferences(expected, actual),
    ms: Math.round(performance.now() - started),
  };
}

/** The columns of `table` a row can be written to: not dropped, not generated. */
async function writableColumns(query: QueryFn, table: string): Promise<string[]> {
  const { rows } = await query<{ name: string }>(
    `select a.attname as name from pg_attribute a
     where a.attrelid = ('public.' || quote_ident($1))::regclass and a.attnum > 0
       and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`,
    [table],
  );
  return rows.map((row) => row.name);
}
