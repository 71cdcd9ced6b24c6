import { describe, it, expect } from 'vitest';
import { MAP_TRACKER_TYPES } from './enums';

describe('map enumerations (SPEC §3)', () => {
  it('lists the map tracker types', () => {
    expect(MAP_TRACKER_TYPES).toEqual(['alert', 'person', 'asset', 'responder', 'alert-responder']);
  });
});
