import { z } from 'zod';
import { Refusal, type ListSortKey } from './spec';

/** A cursor is the page's order and the sort values of its last row, as base64url JSON. */
const cursorPayloadSchema = z.object({ o: z.string(), k: z.array(z.string().nullable()) });

export function encodeCursor(order: ListSortKey[], values: (string | null)[]): string {
  return Buffer.from(JSON.stringify({ o: orderText(order), k: values })).toString('base64url');
}

export function decodeCursor(cursor: string, order: ListSortKey[]): (string | null)[] {
  const invalid = new Refusal('cursor is invalid', 'cursor');
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  const parsed = cursorPayloadSchema.safeParse(payload);
  if (!parsed.success) throw invalid;
  if (parsed.data.o !== orderText(order)) throw new Refusal('cursor was made for another orderBy', 'cursor');
  const values = parsed.data.k;
  if (values.length !== order.length + 1 || values[values.length - 1] === null) throw invalid;
  return values;
}

const orderText = (order: ListSortKey[]) => order.map((k) => (k.desc ? `-${k.name}` : k.name)).join(',');
