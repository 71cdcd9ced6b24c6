import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { createOrUpdate } from './create-or-update';

const refused = () => Promise.reject(new ApiError(409, 'Name already taken'));

describe('createOrUpdate (SPEC §8 Lists)', () => {
  it('creates a new row and answers what the server answered', async () => {
    const update = vi.fn();
    await expect(createOrUpdate(null, { create: () => Promise.resolve('created'), update })).resolves.toBe(
      'created',
    );
    expect(update).not.toHaveBeenCalled();
  });

  it('updates an edited row', async () => {
    const create = vi.fn();
    const update = vi.fn(() => Promise.resolve());
    await expect(createOrUpdate({ id: 'r-1' }, { create, update })).resolves.toBeUndefined();
    expect(update).toHaveBeenCalledWith({ id: 'r-1' });
    expect(create).not.toHaveBeenCalled();
  });

  it("rejects with SPEC §8's text for the server's reason", async () => {
    await expect(createOrUpdate(null, { create: refused, update: refused })).rejects.toThrow(
      'Sorry, could not add: Name already taken.',
    );
    await expect(createOrUpdate({ id: 'r-1' }, { create: refused, update: refused })).rejects.toThrow(
      'Sorry, could not update: Name already taken.',
    );
  });
});
