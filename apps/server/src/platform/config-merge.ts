/**
 * PUT semantics (API contract): objects are deep-merged, `null` removes a key, anything else
 * replaces. Arrays replace whole.
 */
export function mergePatch<T extends Record<string, unknown>>(target: T, patch: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) {
      delete out[key];
    } else if (isPlainObject(value) && isPlainObject(out[key])) {
      out[key] = mergePatch(out[key] as Record<string, unknown>, value);
    } else if (isPlainObject(value)) {
      out[key] = mergePatch({}, value);
    } else {
      out[key] = value;
    }
  }
  return out as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
