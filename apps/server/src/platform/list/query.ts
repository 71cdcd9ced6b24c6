import { z } from 'zod';
import { PAGE_LIMIT } from '@vigil/domain';
import { HttpError } from '../errors';
import { decodeCursor } from './cursor';
import {
  LIST_DEFAULT_LIMIT,
  LIST_ERROR_CODE,
  LIST_QUERY_MAX_LENGTH,
  Refusal,
  type ListQueryResult,
  type ListSortKey,
  type ListSpec,
  type ParsedList,
} from './spec';
import { parseShorthand, parseWhere } from './where';

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const intFromString = (v: unknown) =>
  typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : blankToUndefined(v);

function intParam(name: string, min: number, max?: number) {
  const whole = { error: `${name} must be a whole number` };
  let n = z
    .number(whole)
    .int(whole)
    .min(min, { error: `${name} must be at least ${min}` });
  if (max !== undefined) n = n.max(max, { error: `${name} must be at most ${max}` });
  return n;
}

function textParam(name: string, max?: number) {
  let s = z.string({ error: `${name} must be a single value` });
  if (max !== undefined) s = s.max(max, { error: `${name} must be at most ${max} characters` });
  return z.preprocess(blankToUndefined, s.optional());
}

/**
 * The raw list querystring. Empty values count as absent (SPEC §7 sends `query=&orderBy=`); other
 * keys pass through for the route and for dotted-field shorthand. Parsing its own output again
 * gives the same output, so a route may also use it as its Fastify querystring schema.
 */
export const listQuerySchema = z
  .looseObject(
    {
      limit: z.preprocess(intFromString, intParam('limit', 1, PAGE_LIMIT).default(LIST_DEFAULT_LIMIT)),
      offset: z.preprocess(intFromString, intParam('offset', 0, Number.MAX_SAFE_INTEGER).optional()),
      cursor: textParam('cursor', 4096),
      orderBy: textParam('orderBy', 500),
      query: textParam('query', LIST_QUERY_MAX_LENGTH),
      where: textParam('where'),
    },
    { error: 'The list query must be an object' },
  )
  .superRefine((q, ctx) => {
    if (q.offset !== undefined && q.cursor !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'Use either offset or cursor, not both', path: ['cursor'] });
    }
  });
export type ListQuery = z.output<typeof listQuerySchema>;

/** Validates a list querystring against the resource's whitelist. */
export function parseListQuery(raw: Record<string, unknown>, spec: ListSpec): ListQueryResult {
  const query = listQuerySchema.safeParse(raw);
  if (!query.success) {
    const issue = query.error.issues[0];
    const field = issue.path.length > 0 ? String(issue.path[0]) : undefined;
    return refused(new Refusal(issue.message, field));
  }
  try {
    const q = query.data;
    const order = parseOrder(q.orderBy ?? spec.defaultOrder, spec);
    return {
      ok: true,
      value: {
        limit: q.limit,
        offset: q.offset ?? 0,
        order,
        after: q.cursor === undefined ? undefined : decodeCursor(q.cursor, order),
        terms: parseTerms(q.query, spec),
        filters: [...parseWhere(q.where, spec), ...parseShorthand(raw, spec)],
      },
    };
  } catch (err) {
    if (err instanceof Refusal) return refused(err);
    throw err;
  }
}

/** `parseListQuery` for handlers that let the error handler answer `400 {reason, code, field}`. */
export function parseListQueryOrThrow(raw: Record<string, unknown>, spec: ListSpec): ParsedList {
  const parsed = parseListQuery(raw, spec);
  if (!parsed.ok) throw new HttpError(400, parsed.reason, parsed.code, parsed.field);
  return parsed.value;
}

function refused(r: Refusal): ListQueryResult {
  return r.field === undefined
    ? { ok: false, reason: r.reason, code: LIST_ERROR_CODE }
    : { ok: false, reason: r.reason, code: LIST_ERROR_CODE, field: r.field };
}

function parseOrder(text: string, spec: ListSpec): ListSortKey[] {
  const keys: ListSortKey[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    const desc = item.startsWith('-');
    const name = desc ? item.slice(1) : item;
    if (name === '') throw new Refusal('orderBy has an empty field', 'orderBy');
    if (!Object.hasOwn(spec.sortable, name)) throw new Refusal(`Unknown orderBy field "${name}"`, 'orderBy');
    if (keys.some((k) => k.name === name)) throw new Refusal(`orderBy names "${name}" twice`, 'orderBy');
    keys.push({ name, desc });
  }
  return keys;
}

function parseTerms(query: string | undefined, spec: ListSpec): string[] {
  const terms = query?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (terms.length > 0 && !spec.search?.length) throw new Refusal('This list has no text search', 'query');
  return terms;
}
