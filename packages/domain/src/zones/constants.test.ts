import { describe, it, expect } from 'vitest';
import { ZONE_TREE_PAGE } from './constants';

describe('SPEC §9 zone constants', () => {
  it('loads zone trees 200 zones per page', () => {
    expect(ZONE_TREE_PAGE).toBe(200);
  });
});
