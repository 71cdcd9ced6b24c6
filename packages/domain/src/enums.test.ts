import { describe, it, expect } from 'vitest';
import { SKU_CODES } from './enums';

describe('shared enumerations (SPEC §3)', () => {
  it('lists the SKU codes', () => {
    expect(SKU_CODES).toEqual([
      'GW2',
      'GWL1',
      'TAG3',
      'TAG5',
      'TAG6',
      'TAG7',
      'WEAR1',
      'NODE1',
      'GWC',
      'GWG',
      'DSK',
    ]);
  });
});
