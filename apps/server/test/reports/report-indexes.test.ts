import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { tags } from '../../src/db/schema';
import type { Db } from '../../src/platform/db/client';
import { urgencySql } from '../../src/reports/report-sql';
import { getTestApp } from '../helpers/app';

// The reports' SQL writes the tag expressions that tags/tables.ts indexes (reports/report-sql.ts):
// if either side changes alone, the reports stop reading the index and get slow at 100,000 tags,
// silently. PostgreSQL uses an expression index only for the same expression, so each is indexed
// here the way its index is (in a transaction rolled back) and the two definitions compared.

let app: FastifyInstance;

beforeAll(async () => {
  app = await getTestApp();
});

class Rollback extends Error {}

/** The definition PostgreSQL gives an index on (org_id, `expr`, id) of tags, named as `like`. */
async function definitionOf(expr: SQL, like: string): Promise<{ mine: string; theirs: string }> {
  let out = { mine: '', theirs: '' };
  await app.db
    .transaction(async (txn) => {
      const tx = txn as unknown as Db;
      await tx.execute(sql`create index report_expression_check on ${tags} (org_id, ${expr}, id)`);
      const result = (await tx.execute(sql`select
          pg_get_indexdef('report_expression_check'::regclass) as mine,
          pg_get_indexdef(${like}::regclass) as theirs`)) as unknown as {
        rows: { mine: string; theirs: string }[];
      };
      out = result.rows[0]!;
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return { mine: out.mine.replace('report_expression_check', like), theirs: out.theirs };
}

describe('the reports write the expressions the tags are indexed on', () => {
  it.each([
    {
      what: 'the collection urgency (flagged, replacement)',
      expr: urgencySql,
      index: 'tags_org_urgency_idx',
    },
  ])('$what is the expression of $index', async ({ expr, index }) => {
    const { mine, theirs } = await definitionOf(expr, index);
    expect(theirs).toContain(index);
    expect(mine).toBe(theirs);
  });
});
