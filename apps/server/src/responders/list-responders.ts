import type { ResponderList } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Scope } from '../platform/scope';
import { loadResponders, toResponder } from './responder-rows';

const byName = new Intl.Collator('en', { sensitivity: 'base' });

/** GET /api/responders (issue 20): every responder in the caller's zones, by name, with their last place. */
export async function listResponders(db: Db, scope: Scope): Promise<ResponderList> {
  const { rows, zones } = await loadResponders(db, scope);
  const data = rows
    .map((row) => toResponder(row, zones, scope))
    .sort((a, b) => byName.compare(a.name, b.name) || a.id.localeCompare(b.id));
  return { data, total: data.length };
}
