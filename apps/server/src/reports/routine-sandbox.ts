import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';

// The sandbox stored report routines run in (ARCHITECTURE §9 'Stored report routines'). Installed
// at every start and by `vigil report add`, idempotently, outside the drizzle migrations:
// - routines live in the schema `report_routines`; they are SQL functions `(org uuid) RETURNS
//   TABLE (…)`, SECURITY INVOKER;
// - they are called only by `report_sandbox.run`, a SECURITY DEFINER function owned by the role
//   `vigil_report` (NOLOGIN, no rights but SELECT on ROUTINE_TABLES): inside it every statement runs
//   as that role, and PostgreSQL refuses any change of role there ("cannot set parameter role
//   within security-definer function"), so a routine cannot reach back to the server's own role;
// - row-level security on ROUTINE_TABLES lets `vigil_report` see only the rows of the organisation
//   written in `report_sandbox.context` by the transaction itself (an insert that is never
//   committed, keyed by its transaction id): no setting a routine could change names it;
// - the transaction is READ ONLY once that row is written, with a statement timeout, and is rolled back.
// Other roles are not affected: a permissive policy lets them see every row, as before.

export const ROUTINES_SCHEMA = 'report_routines';
export const SANDBOX_SCHEMA = 'report_sandbox';
export const REPORT_ROLE = 'vigil_report';

/** The organisation of the running routine's transaction (null outside a routine's run). */
const CONTEXT_ORG = `(select c.org from ${SANDBOX_SCHEMA}.context c where c.tx = pg_current_xact_id_if_assigned())`;

/**
 * The tables a routine may read, each with the row filter that keeps it inside the organisation.
 * Anything else (users, credentials, sessions, settings, keys, audit …) is refused by PostgreSQL.
 */
export const ROUTINE_TABLES: Readonly<Record<string, string>> = {
  zones: `path @> array[${CONTEXT_ORG}]`,
  alerts: `org_id = ${CONTEXT_ORG}`,
  tags: `org_id = ${CONTEXT_ORG}`,
  people: `org_id = ${CONTEXT_ORG}`,
  gateways: `org_id = ${CONTEXT_ORG}`,
  gateway_heartbeats: `org_id = ${CONTEXT_ORG}`,
};

const EVERYONE_POLICY = 'vigil_everyone';
const ORG_POLICY = 'vigil_report_org';

/** The sandbox's entry point: runs routine `routine` for `org`, at most `max_rows` rows as JSON. */
const RUN_FUNCTION = `${SANDBOX_SCHEMA}.run(text, uuid, integer)`;
const RUN_SQL = `create or replace function ${SANDBOX_SCHEMA}.run(routine text, org uuid, max_rows integer)
returns setof json language plpgsql security definer
set search_path = ${ROUTINES_SCHEMA}, public, pg_catalog, pg_temp
as $run$
begin
  return query execute format(
    'select row_to_json(r) from (select * from ${ROUTINES_SCHEMA}.%I($1)) as r limit %s', routine, max_rows
  ) using org;
end
$run$`;

/** Thrown when the database would not let the sandbox hold (e.g. the role may bypass row security). */
export class SandboxUnavailable extends Error {}

/**
 * Creates or completes the sandbox: schemas, the role, its grants, the row-level security policies,
 * the context table and the run function. Idempotent; a table is altered only when it lacks its
 * policies (ALTER TABLE and CREATE POLICY lock it). Run it one instance at a time (withStartupLock).
 */
export async function installRoutineSandbox(db: Db): Promise<void> {
  const run = (text: string) => db.execute(sql.raw(text));
  await run(`create schema if not exists ${ROUTINES_SCHEMA}`);
  await run(`create schema if not exists ${SANDBOX_SCHEMA}`);
  // Roles belong to the whole PostgreSQL cluster: another database's Vigil may have made it already.
  await run(`do $$ begin
    if not exists (select from pg_roles where rolname = '${REPORT_ROLE}') then
      begin
        create role ${REPORT_ROLE} nologin noinherit;
      exception when duplicate_object or unique_violation then null;
      end;
    end if;
    if not pg_has_role(current_user, '${REPORT_ROLE}', 'member') then
      execute format('grant ${REPORT_ROLE} to %I', current_user);
    end if;
  end $$`);
  await checkRole(db);
  await run(`grant usage on schema ${ROUTINES_SCHEMA}, ${SANDBOX_SCHEMA} to ${REPORT_ROLE}`);
  await run(`create table if not exists ${SANDBOX_SCHEMA}.context (tx xid8 primary key, org uuid not null)`);
  await run(`grant select on ${SANDBOX_SCHEMA}.context to ${REPORT_ROLE}`);
  for (const [table, filter] of Object.entries(ROUTINE_TABLES)) await secureTable(db, table, filter);
  // A function's new owner must be allowed to create in its schema (unless a superuser changes it).
  await run(`grant create on schema ${SANDBOX_SCHEMA} to ${REPORT_ROLE}`);
  try {
    await run(RUN_SQL);
    await run(`alter function ${RUN_FUNCTION} owner to ${REPORT_ROLE}`);
  } finally {
    await run(`revoke create on schema ${SANDBOX_SCHEMA} from ${REPORT_ROLE}`);
  }
  await run(`revoke all on function ${RUN_FUNCTION} from public`);
  await run(`grant execute on function ${RUN_FUNCTION} to current_user`);
}

/** The role must not be able to step around row-level security, whoever made it. */
async function checkRole(db: Db): Promise<void> {
  const { rows } = (await db.execute(sql`
    select r.rolsuper or r.rolbypassrls as unsafe,
      exists (select from pg_auth_members m where m.member = r.oid) as member_of_others
    from pg_roles r where r.rolname = ${REPORT_ROLE}`)) as unknown as {
    rows: { unsafe: boolean; member_of_others: boolean }[];
  };
  const role = rows[0];
  if (!role) throw new SandboxUnavailable(`The role ${REPORT_ROLE} could not be created`);
  if (role.unsafe || role.member_of_others) {
    throw new SandboxUnavailable(
      `The role ${REPORT_ROLE} is a superuser, bypasses row-level security or holds other roles; routines stay off`,
    );
  }
}

async function secureTable(db: Db, table: string, filter: string): Promise<void> {
  const { rows } = (await db.execute(sql`
    select c.relrowsecurity as secured,
      has_table_privilege(${REPORT_ROLE}, c.oid, 'select') as readable,
      array(select p.polname::text from pg_policy p where p.polrelid = c.oid) as policies
    from pg_class c where c.oid = to_regclass(${`public.${table}`})`)) as unknown as {
    rows: { secured: boolean; readable: boolean; policies: string[] }[];
  };
  const state = rows[0];
  if (!state) return; // a table a later migration brings
  const run = (text: string) => db.execute(sql.raw(text));
  if (!state.policies.includes(EVERYONE_POLICY)) {
    await run(`create policy ${EVERYONE_POLICY} on public.${table} as permissive for all to public
      using (true) with check (true)`);
  }
  if (!state.policies.includes(ORG_POLICY)) {
    await run(`create policy ${ORG_POLICY} on public.${table} as restrictive for select to ${REPORT_ROLE}
      using (${filter})`);
  }
  if (!state.secured) await run(`alter table public.${table} enable row level security`);
  if (!state.readable) await run(`grant select on public.${table} to ${REPORT_ROLE}`);
}
