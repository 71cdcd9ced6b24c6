import type { AuditChange } from './contract';

/** Bookkeeping the server stamps on every write: not a change anyone made. */
export const AUDIT_DIFF_IGNORED_PATHS: readonly string[] = ['updatedAt'];

type Json = unknown;
const ABSENT = Symbol('absent');
type Side = Json | typeof ABSENT;

const isPlainObject = (value: Side): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function sameValue(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return false;
}

/**
 * SPEC §7 log/audit `includeDetails` (who, when, what changed, as a before/after diff):
 * the values an audit entry's `after` holds differently from its `before`, one per dotted path.
 * Objects are compared key by key; an array or a scalar is one value. A key absent on one side has
 * no `before` (a creation) or no `after` (a deletion), and an object on one side only lists each
 * of its values; `null` is a value. Paths are sorted.
 */
export function auditChanges(
  before: Json,
  after: Json,
  ignored: readonly string[] = AUDIT_DIFF_IGNORED_PATHS,
): AuditChange[] {
  const changes: AuditChange[] = [];
  // No entry on one side (a creation or a deletion) lists each value of the other.
  walk(before ?? ABSENT, after ?? ABSENT, '', changes, ignored);
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function walk(before: Side, after: Side, path: string, out: AuditChange[], ignored: readonly string[]) {
  if (path !== '' && ignored.includes(path)) return;
  if (before === ABSENT && after === ABSENT) return;
  const objectOrAbsent = (v: Side) => v === ABSENT || isPlainObject(v);
  if (objectOrAbsent(before) && objectOrAbsent(after)) {
    const b = isPlainObject(before) ? before : {};
    const a = isPlainObject(after) ? after : {};
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
      walk(
        Object.hasOwn(b, key) ? b[key] : ABSENT,
        Object.hasOwn(a, key) ? a[key] : ABSENT,
        path === '' ? key : `${path}.${key}`,
        out,
        ignored,
      );
    }
    return;
  }
  if (before !== ABSENT && after !== ABSENT && sameValue(before, after)) return;
  const change: AuditChange = { path: path === '' ? '(value)' : path };
  if (before !== ABSENT) change.before = before;
  if (after !== ABSENT) change.after = after;
  out.push(change);
}
