import { describe, expect, it } from 'vitest';
import { NEAREST_RESPONDERS_DEFAULT, nearRespondersQuerySchema } from './contract';

// Issue 20 "Responders": GET /api/alerts/{id}/responders?limit= (the alert card shows three).

describe('nearRespondersQuerySchema (issue 20)', () => {
  it.each([
    [{}, NEAREST_RESPONDERS_DEFAULT],
    [{ limit: '1' }, 1],
    [{ limit: '20' }, 20],
  ])('%o → limit %i', (query, limit) => {
    expect(nearRespondersQuerySchema.parse(query)).toEqual({ limit });
  });

  it.each([[{ limit: '0' }], [{ limit: '21' }], [{ limit: '2.5' }], [{ limit: 'x' }], [{ other: '1' }]])(
    'refuses %o',
    (query) => {
      expect(nearRespondersQuerySchema.safeParse(query).success).toBe(false);
    },
  );
});
