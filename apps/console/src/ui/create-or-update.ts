import { messages } from '../api/messages';

/**
 * A form modal's save: `create()` for a new row (`row` null), `update(row)` for an edited one; it
 * answers what `create` answered. A failure rejects with SPEC §8's 'Sorry, could not add: <reason>.'
 * (or 'could not update'), which EditModal shows above the fields.
 */
export async function createOrUpdate<T, R>(
  row: T | null,
  save: { create: () => Promise<R>; update: (row: T) => Promise<unknown> },
): Promise<R | undefined> {
  try {
    if (row === null) return await save.create();
    await save.update(row);
    return undefined;
  } catch (err) {
    throw new Error(row === null ? messages.couldNotAdd(err) : messages.couldNotUpdate(err));
  }
}
