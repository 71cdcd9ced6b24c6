import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, people, tags, zones } from '../../src/db/schema';
import { HttpError } from '../../src/platform/errors';
import { RoutineRefused, addRoutine } from '../../src/reports/routine-install';
import { runRoutine } from '../../src/reports/routine-run';
import { validateRoutineSql } from '../../src/reports/routine-sql';
import { freshMac, freshTag, placedUser, zoneByName } from '../helpers/alerts';
import { getTestApp, signIn, unique } from '../helpers/app';

// SPEC §7 `GET bigquery/routines`, `POST bigquery/routines/{id} {args:[org]}` → data.results, and
// the sandbox routines run in (issue 18: read-only, the caller's organisation only, a timeout).

let app: FastifyInstance;
let admin: Record<string, string>;
let demoOrg: string;
const onPostgres = !!process.env.DATABASE_URL;
const created = {
  routines: [] as string[],
  zones: [] as string[],
  alerts: [] as string[],
  tags: [] as string[],
};

const exec = (text: string) => app.db.execute(sql.raw(text));
const rowsOf = async <T>(text: string) => ((await exec(text)) as unknown as { rows: T[] }).rows;

/** Installs a function in report_routines straight in the database, as a DBA could (no validator). */
async function installDirectly(name: string, signature: string, body: string): Promise<string> {
  const id = `${name}_${crypto.randomBytes(4).toString('hex')}`;
  await exec(`create function report_routines.${id}(org uuid) ${signature} as $body$ ${body} $body$`);
  created.routines.push(id);
  return id;
}

const run = (id: string, args: string[] = ['demo'], headers = admin) =>
  app.inject({ method: 'POST', url: `/api/bigquery/routines/${id}`, headers, payload: { args } });

/** A unit of the demo's Floor 1 named `name`, with one area; answers the area's id. */
async function unitWithArea(name: string): Promise<string> {
  const floor = await zoneByName(app, 'Floor 1');
  const unitId = crypto.randomUUID();
  const areaId = crypto.randomUUID();
  await app.db.insert(zones).values([
    { id: unitId, name, level: 'unit', parentId: floor.id, path: [...floor.path, unitId] },
    {
      id: areaId,
      name: `${name} area`,
      level: 'area',
      parentId: unitId,
      path: [...floor.path, unitId, areaId],
    },
  ]);
  created.zones.push(areaId, unitId);
  return areaId;
}

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  demoOrg = (await zoneByName(app, 'Demo Hospital')).id;
});

afterAll(async () => {
  for (const id of created.routines) await exec(`drop function if exists report_routines.${id}(uuid)`);
  if (created.alerts.length) await app.db.delete(alerts).where(inArray(alerts.id, created.alerts));
  if (created.tags.length) await app.db.delete(tags).where(inArray(tags.id, created.tags));
  await app.db.delete(people).where(sql`${people.personId} like 'RT-%'`);
  for (const id of created.zones) await app.db.delete(zones).where(eq(zones.id, id));
});

describe('GET /api/bigquery/routines', () => {
  it('lists the shipped routines with their descriptions to a user who may read Report', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/bigquery/routines', headers: admin });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { id: string; description: string | null }[] };
    expect(data.map((r) => r.id)).toEqual(
      expect.arrayContaining(['alerts_per_unit_per_week', 'tags_deployed_per_department']),
    );
    expect(data.find((r) => r.id === 'alerts_per_unit_per_week')?.description).toMatch(
      /^Alerts per unit per week/,
    );
  });

  it('refuses a user who may not read Report', async () => {
    const security = await signIn(app, 'security@demo.example');
    const res = await app.inject({ method: 'GET', url: '/api/bigquery/routines', headers: security.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('Not allowed to read Report');
  });

  it('leaves out functions of the schema the sandbox cannot hold (SECURITY DEFINER)', async () => {
    const id = await installDirectly(
      'definer',
      'returns table (n bigint) language sql stable security definer',
      'select 1::bigint',
    );
    const res = await app.inject({ method: 'GET', url: '/api/bigquery/routines', headers: admin });
    expect(res.json().data.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await run(id)).statusCode).toBe(404);
  });
});

describe('POST /api/bigquery/routines/:id (shipped routines)', () => {
  it('counts the alerts of each unit this week, test alerts left out', async () => {
    const unit = unique('Routine Unit ');
    const area = await unitWithArea(unit);
    const rows = await app.db
      .insert(alerts)
      .values(
        (['help', 'danger', 'test'] as const).map((mode) => ({
          orgId: demoOrg,
          zoneId: area,
          tagId: freshMac(),
          state: 'closed',
          mode,
          closedAt: new Date(),
        })),
      )
      .returning({ id: alerts.id });
    created.alerts.push(...rows.map((r) => r.id));

    const res = await run('alerts_per_unit_per_week');
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { columns: string[]; results: Record<string, unknown>[] } };
    expect(data.columns).toEqual(['week', 'building', 'unit', 'alerts', 'help', 'danger']);
    const ours = data.results.filter((r) => r.unit === unit);
    expect(ours).toEqual([
      {
        week: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        building: 'North Tower',
        unit,
        alerts: 2,
        help: 1,
        danger: 1,
      },
    ]);
  });

  it('counts deployed tags per the department (unit) their owner is located in', async () => {
    const unit = unique('Routine Dept ');
    const area = await unitWithArea(unit);
    const personId = `RT-${crypto.randomBytes(4).toString('hex')}`;
    await app.db.insert(people).values({ orgId: demoOrg, zoneId: area, name: 'Rita Routine', personId });
    const ids = [freshMac(), freshMac(), freshMac()];
    await app.db.insert(tags).values(
      ids.map((id, i) => ({
        id,
        orgId: demoOrg,
        config: { state: i < 2 ? 'deployed' : 'available', owner: { name: 'Rita Routine', personId } },
      })),
    );
    created.tags.push(...ids);

    const res = await run('tags_deployed_per_department');
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { columns: string[]; results: Record<string, unknown>[] } };
    expect(data.columns).toEqual(['department', 'building', 'tags', 'owners']);
    expect(data.results.filter((r) => r.department === unit)).toEqual([
      { department: unit, building: 'North Tower', tags: 2, owners: 1 },
    ]);
  });

  it("refuses another organisation's slug with 403, and a routine it does not know with 404", async () => {
    const other = await run('alerts_per_unit_per_week', ['acme']);
    expect(other.statusCode).toBe(403);
    expect(other.json().reason).toBe('A routine runs only for your own organisation (demo)');
    const acmeAdmin = await signIn(app, 'admin@acme.example', 'acme');
    expect((await run('alerts_per_unit_per_week', ['demo'], acmeAdmin.headers)).statusCode).toBe(403);
    expect((await run('alerts_per_unit_per_week', [demoOrg])).statusCode).toBe(200);
    const unknown = await run('no_such_routine');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().reason).toBe('No report routine named no_such_routine');
    expect((await run('not-an-id')).statusCode).toBe(400);
  });

  it('refuses a user without read Report, and one who holds only part of the organisation', async () => {
    const security = await signIn(app, 'security@demo.example');
    const denied = await run('alerts_per_unit_per_week', ['demo'], security.headers);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().reason).toBe('Not allowed to read Report');
    const placed = await signIn(app, await placedUser(app, { zone: 'North Tower', role: 'admin' }));
    const partial = await run('alerts_per_unit_per_week', ['demo'], placed.headers);
    expect(partial.statusCode).toBe(403);
    expect(partial.json().reason).toMatch(/whole organisation/);
  });
});

describe('the routine sandbox', () => {
  it('runs as the report role, in a read-only transaction, under the statement timeout', async () => {
    const id = await installDirectly(
      'settings',
      'returns table (who text, read_only text, timeout text) language sql stable',
      `select current_user::text, current_setting('transaction_read_only'), current_setting('statement_timeout')`,
    );
    const res = await run(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.results).toEqual([{ who: 'vigil_report', read_only: 'on', timeout: '10s' }]);
  });

  it('shows a routine that ignores its argument only the caller’s organisation', async () => {
    const id = await installDirectly(
      'everything',
      'returns table (alerts bigint, foreign_alerts bigint, tags bigint, foreign_zones bigint) language sql stable',
      `select (select count(*) from alerts), (select count(*) from alerts where org_id <> org),
        (select count(*) from tags), (select count(*) from zones where not (path @> array[org]))`,
    );
    // Rows of acme the routine must not see, whatever the other tests left.
    created.tags.push(await freshTag(app, 'Front Desk', { slug: 'acme' }));
    const acme = await zoneByName(app, 'Front Desk', 'acme');
    const [acmeAlert] = await app.db
      .insert(alerts)
      .values({
        orgId: acme.path[1]!,
        zoneId: acme.id,
        tagId: freshMac(),
        state: 'closed',
        mode: 'help',
        closedAt: new Date(),
      })
      .returning({ id: alerts.id });
    created.alerts.push(acmeAlert!.id);
    const [expected] = await rowsOf<{ alerts: number; tags: number }>(
      `select (select count(*)::int from alerts where org_id = '${demoOrg}') as alerts,
        (select count(*)::int from tags where org_id = '${demoOrg}') as tags`,
    );
    const res = await run(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.results).toEqual([
      { alerts: expected!.alerts, foreign_alerts: 0, tags: expected!.tags, foreign_zones: 0 },
    ]);
  });

  it('refuses a routine that tries to write, and nothing is written', async () => {
    const name = unique('Written ');
    const volatile = await installDirectly(
      'writer',
      'returns table (id uuid) language sql volatile',
      `insert into people (org_id, name, person_id) values (org, '${name}', 'RT-w') returning id`,
    );
    const res = await run(volatile);
    expect(res.statusCode).toBe(404); // not STABLE: not a routine at all
    await exec(`alter function report_routines.${volatile}(uuid) stable`);
    const stable = await run(volatile);
    expect(stable.statusCode).toBe(422);
    expect(stable.json()).toMatchObject({
      code: 'routine_failed',
      reason: expect.stringMatching(/INSERT is not allowed/),
    });
    const sneaky = await installDirectly(
      'sneaky_writer',
      'returns table (n bigint) language sql stable',
      `select count(*) from (select set_config('transaction_read_only', 'off', true)) x`,
    );
    expect((await run(sneaky)).statusCode).toBe(422);
    // lo_create needs no privilege. PostgreSQL 16 and later (PGlite) refuse it in a read-only
    // transaction; 15 allows it there, and the rollback every run ends with discards it.
    const largeObjects = `select count(*)::int as n from pg_largeobject_metadata`;
    const [before] = await rowsOf<{ n: number }>(largeObjects);
    const largeObject = await installDirectly(
      'large_object',
      'returns table (n bigint) language sql stable',
      'select lo_create(0)::bigint',
    );
    const made = await run(largeObject);
    if (made.statusCode !== 200) {
      expect(made.statusCode).toBe(422);
      expect(made.json().reason).toMatch(
        /^The routine tried to write, and routines may only read .*read-only/,
      );
    }
    expect(await rowsOf<{ n: number }>(largeObjects)).toEqual([before]);
    const written = await app.db
      .select()
      .from(people)
      .where(and(eq(people.name, name)));
    expect(written).toEqual([]);
  });

  it('refuses a routine reading what routines may not read, or changing its role', async () => {
    const users = await installDirectly(
      'users',
      'returns table (n bigint) language sql stable',
      'select count(*) from users',
    );
    const res = await run(users);
    expect(res.statusCode).toBe(422);
    expect(res.json().reason).toMatch(/^The routine may not do this: permission denied for table users/);
    const escape = await installDirectly(
      'escape',
      'returns table (n bigint) language sql stable',
      `select count(*) from alerts where set_config('role', session_user, true) is not null`,
    );
    const escaped = await run(escape);
    expect(escaped.statusCode).toBe(422);
    expect(escaped.json().reason).toMatch(/cannot set parameter "role"/);
  });

  it('leaves no advisory lock behind', async () => {
    const id = await installDirectly(
      'locker',
      'returns table (locked boolean) language sql stable',
      'select pg_try_advisory_lock(424242)',
    );
    expect((await run(id)).json().data.results).toEqual([{ locked: true }]);
    const [held] = await rowsOf<{ n: number }>(
      `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 424242`,
    );
    expect(held!.n).toBe(0);
  });

  // Embedded PGlite runs on the server's one thread and has no timer that can interrupt a
  // statement: statement_timeout is set (above) but only PostgreSQL enforces it (docs/DEPLOYMENT.md).
  it.runIf(onPostgres)('stops a routine that runs past the timeout', async () => {
    const id = await installDirectly(
      'slow',
      'returns table (n int) language sql stable',
      'select 1 from pg_sleep(20)',
    );
    const started = Date.now();
    const failure = await runRoutine(app.database, { id, orgId: demoOrg, timeoutMs: 200 }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({
      statusCode: 504,
      reason: 'The routine ran longer than 0.2 s and was stopped',
    });
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe('vigil report add (addRoutine)', () => {
  it('installs a valid file with its description, and leaves an unchanged one alone', async () => {
    const id = `added_${crypto.randomBytes(4).toString('hex')}`;
    created.routines.push(id);
    const file = `-- Units of the organisation.\ncreate function report_routines.${id}(org uuid)
      returns table (unit text) language sql stable
      as $$ select name from zones where level = 'unit' and path @> array[org] order by name $$;\n`;
    expect(await addRoutine(app.db, file)).toEqual({ id, columns: ['unit'], changed: true });
    expect(await addRoutine(app.db, file)).toEqual({ id, columns: ['unit'], changed: false });
    // The same body with its column renamed is a change.
    const renamed = file.replace('returns table (unit text)', 'returns table (name text)');
    expect(await addRoutine(app.db, renamed)).toEqual({ id, columns: ['name'], changed: true });
    expect(await addRoutine(app.db, file)).toEqual({ id, columns: ['unit'], changed: true });
    const list = await app.inject({ method: 'GET', url: '/api/bigquery/routines', headers: admin });
    expect(list.json().data).toContainEqual({ id, description: 'Units of the organisation.' });
    const res = await run(id);
    expect(res.json().data.results).toContainEqual({ unit: 'Emergency Department' });
    expect(res.json().data.results).not.toContainEqual({ unit: 'Reception' }); // acme's
  });

  it('refuses what PostgreSQL refuses, keeping the routine that was there', async () => {
    const id = `kept_${crypto.randomBytes(4).toString('hex')}`;
    created.routines.push(id);
    const good = `create function report_routines.${id}(org uuid) returns table (n bigint) language sql stable
      as $$ select count(*) from tags $$`;
    await addRoutine(app.db, good);
    const bad = good.replace('from tags', 'from no_such_table');
    await expect(addRoutine(app.db, bad)).rejects.toThrow(RoutineRefused);
    await expect(addRoutine(app.db, bad)).rejects.toThrow(/PostgreSQL refused the routine: .*no_such_table/);
    expect((await run(id)).statusCode).toBe(200);
  });
});

describe('validateRoutineSql (vigil report add)', () => {
  const head = 'create function report_routines.r1(org uuid) returns table (n bigint)';
  const ok = `${head} language sql stable as $$ select 1::bigint $$`;

  it.each([
    ['a minimal routine', ok],
    [
      'OR REPLACE, options in any order, a trailing semicolon',
      `create or replace function report_routines.r1(org uuid) returns table (n bigint) as $f$ select 1; $f$ stable language 'sql' parallel safe cost 10 rows 5 strict;`,
    ],
    [
      'a quoted id',
      `create function report_routines."Alerts_By_Unit"(org uuid) returns table (n bigint) language sql stable as 'select 1::bigint'`,
    ],
    [
      'comments and strings holding semicolons',
      `-- about; it\n/* more; */ ${head} language sql stable as $$ select ';' -- ; \n, 1 $$; -- after`,
    ],
    [
      'WITH, VALUES and sub-selects',
      `${head} language sql stable as $$ with x as (select 1) select * from x; values (1) $$`,
    ],
  ])('accepts %s', (_name, text) => {
    expect(validateRoutineSql(text)).toMatchObject({ ok: true });
  });

  it('answers the id as PostgreSQL names it, the statement and the leading comments as description', () => {
    const text = `-- Alerts by unit.\n--   Weekly.\n\ncreate function report_routines.Alerts_By_Unit(org uuid) returns table (n int)\n  language sql stable as $$ select 1 $$;\n`;
    expect(validateRoutineSql(text)).toEqual({
      ok: true,
      routine: {
        id: 'alerts_by_unit',
        statement:
          'create function report_routines."alerts_by_unit"(org uuid) returns table (n int)\n' +
          'language sql stable\nas $routine$ select 1 $routine$',
        body: ' select 1 ',
        description: 'Alerts by unit. Weekly.',
      },
    });
  });

  it('writes the statement itself: the options it allows, the body under a tag the body lacks', () => {
    const text = `create or replace function report_routines.r1(org uuid) returns table ("Odd ""name""" numeric(10, 2), t text[])
      strict parallel safe cost 5 language sql stable as $x$ select '$routine$' $x$`;
    const verdict = validateRoutineSql(text);
    expect(verdict.ok && verdict.routine.statement).toBe(
      'create function report_routines."r1"(org uuid) returns table ("Odd ""name""" numeric ( 10 , 2 ) , t text [ ])\n' +
        "language sql stable strict parallel safe cost 5\nas $routine1$ select '$routine$' $routine1$",
    );
  });

  it.each([
    ['an empty file', '', /exactly one statement/],
    [
      'a string among the columns',
      ok.replace('(n bigint)', "(n bigint default 'x')"),
      /columns and types only/,
    ],
    ['two statements', `${ok}; select 1`, /exactly one statement, .*it holds 2/],
    ['a table', 'create table report_routines.t (n int)', /Only a function may be created/],
    ['another statement', 'drop function report_routines.r1(uuid)', /must be CREATE/],
    ['another schema', ok.replace('report_routines.r1', 'public.r1'), /schema report_routines/],
    ['no schema', ok.replace('report_routines.r1', 'r1'), /schema report_routines/],
    [
      'a bad id',
      ok.replace('report_routines.r1', 'report_routines."r-1"'),
      /letters, digits and underscores/,
    ],
    ['other arguments', ok.replace('(org uuid)', '(org uuid, n int)'), /exactly one argument, \(org uuid\)/],
    ['no arguments', ok.replace('(org uuid)', '()'), /exactly one argument/],
    ['RETURNS SETOF', ok.replace('returns table (n bigint)', 'returns setof bigint'), /RETURNS TABLE/],
    ['plpgsql', ok.replace('language sql', 'language plpgsql'), /LANGUAGE sql/],
    ['no language', ok.replace('language sql ', ''), /LANGUAGE sql/],
    ['VOLATILE', ok.replace('stable', 'volatile'), /must be STABLE/],
    ['no volatility', ok.replace('stable ', ''), /must be STABLE/],
    ['SECURITY DEFINER', `${ok} security definer`, /SECURITY DEFINER/],
    ['SET', `${ok} set search_path = public`, /may not SET/],
    [
      'BEGIN ATOMIC',
      `${head} language sql stable begin atomic select 1; end`,
      /not BEGIN ATOMIC|exactly one statement/,
    ],
    ['a second AS', `${ok} as $$ select 2 $$`, /one string/],
    ['LEAKPROOF', `${ok} leakproof`, /LEAKPROOF is not allowed/],
    [
      'an INSERT body',
      `${head} language sql stable as $$ insert into t values (1) returning 1 $$`,
      /may only read .*INSERT/,
    ],
    [
      'a data-modifying CTE',
      `${head} language sql stable as $$ with d as (delete from t returning 1) select 1 $$`,
      /may only read; it has DELETE/,
    ],
    [
      'a SET in the body',
      `${head} language sql stable as $$ set role postgres; select 1 $$`,
      /may only read/,
    ],
    ['an empty body', `${head} language sql stable as $$ $$`, /body is empty/],
    ['an unclosed string', `${head} language sql stable as $$ select 1`, /not closed/],
    ['an unclosed comment', `/* ${ok}`, /not closed/],
  ])('refuses %s', (_name, text, reason) => {
    const verdict = validateRoutineSql(text);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? '' : verdict.reason).toMatch(reason);
  });
});
