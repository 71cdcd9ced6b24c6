import { z } from 'zod';
import { PAGE_LIMIT } from '@vigil/domain';
import { LIST_DEFAULT_LIMIT, LIST_QUERY_MAX_LENGTH, type ListSpec } from './spec';

/** A query parameter as Fastify hands it over: one value, or several for a repeated key. */
const param = () => z.union([z.string(), z.array(z.string())]).optional();

/** A route's own query parameter, documented, passed on as sent. */
export const queryParam = (description: string) => param().describe(description);

/**
 * A list route's querystring schema, derived from its ListSpec so that `/docs` names the list's own
 * sort fields and filters; `extra` adds the route's own parameters. It lets every value through as
 * sent: the list engine (`parseListQuery`) checks each against the spec's whitelist and answers
 * `400 {reason, code: 'invalid_list_query', field}`, the one place that judges a list query.
 */
export function listQueryString(
  spec: Pick<ListSpec, 'fields' | 'sortable' | 'defaultOrder' | 'search'>,
  extra: Record<string, z.ZodType> = {},
) {
  const sortable = Object.keys(spec.sortable);
  const fields = Object.keys(spec.fields);
  const shorthand = Object.fromEntries(
    fields.map((field) => [
      field,
      param().describe(`Only rows whose ${field} equals this value; repeat the key for any of several`),
    ]),
  );
  return z.looseObject({
    limit: param().describe(`Rows per page, 1 to ${PAGE_LIMIT} (default ${LIST_DEFAULT_LIMIT})`),
    offset: param().describe('Rows to skip (not with cursor)'),
    cursor: param().describe("The previous page's nextCursor (not with offset)"),
    orderBy: param().describe(
      `Sort fields, comma-separated, '-' before one for descending: ${sortable.join(', ')} (default ${spec.defaultOrder})`,
    ),
    ...(spec.search?.length
      ? {
          query: param().describe(
            `Words (at most ${LIST_QUERY_MAX_LENGTH} characters), each matching one of the searched fields`,
          ),
        }
      : {}),
    where: param().describe(
      `A JSON filter {field: value | {$eq|$in|$exists|$prefix|$gte|$lte: value}} on: ${fields.join(', ')}`,
    ),
    ...shorthand,
    ...extra,
  });
}
