import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { zones } from './db/tables';
import type { Scope } from './scope';

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Zones inside the scope: `zones.path` meets one of the scope's roots. */
export function zoneInScope(scope: Scope): SQL {
  return sql`${zones.path} && ${uuidArray(scope.roots)}`;
}

/**
 * Located entities (tags, gateways …) inside the scope: rows of the organisation whose zone lies
 * inside a root; a caller holding the whole organisation sees all of them, located or not. The
 * organisation comes first so that indexes led by it serve every list (100,000 tags).
 */
export function locatedInScope(scope: Scope, zoneColumn: AnyPgColumn, orgColumn: AnyPgColumn): SQL {
  const inOrg = sql`${orgColumn} = ${scope.orgId}`;
  if (scope.roots.includes(scope.orgId)) return inOrg;
  return sql`(${inOrg} and ${zoneColumn} in (select ${zones.id} from ${zones} where ${zoneInScope(scope)}))`;
}
