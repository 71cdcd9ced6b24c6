import { describe, it, expect } from 'vitest';
import { ZONE_MESSAGES } from './messages';

describe('zone messages (SPEC §8)', () => {
  it.each([
    [
      'a zone assigned to a gateway',
      ZONE_MESSAGES.deleteAssigned('Ward 3'),
      `Could not delete zone "Ward 3" since it's assigned to a gateway`,
    ],
    [
      'any other delete error',
      ZONE_MESSAGES.deleteProblem('Ward 3'),
      'Sorry, there was a problem deleting zone "Ward 3"',
    ],
    [
      'a failed add',
      ZONE_MESSAGES.addProblem('Ward 3', 'A slug is taken'),
      'Sorry, there was a problem adding zone "Ward 3": A slug is taken',
    ],
  ])('%s', (_case, text, expected) => {
    expect(text).toBe(expected);
  });
});
