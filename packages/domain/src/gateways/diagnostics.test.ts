import { describe, it, expect } from 'vitest';
import { diagnosticsChecks, diagnosticsPass } from './diagnostics';

describe('diagnosticsChecks (SPEC §9 diagnostics thresholds)', () => {
  it.each([
    [89, false],
    [90, true],
    [91, true],
  ])('button %i%% → %s', (button, pass) => {
    expect(diagnosticsChecks({ button }).button).toBe(pass);
  });

  it.each([
    [89, false],
    [90, true],
    [91, true],
  ])('coverage %i%% → %s', (coverage, pass) => {
    expect(diagnosticsChecks({ coverage }).coverage).toBe(pass);
  });

  it.each([
    [50, false],
    [51, true],
    [52, true],
  ])('floor %i%% → %s', (floor, pass) => {
    expect(diagnosticsChecks({ floor }).floor).toBe(pass);
  });

  it.each([[undefined], [null], [Number.NaN]])('a missing value (%s) fails', (value) => {
    expect(diagnosticsChecks({ button: value, coverage: value, floor: value })).toEqual({
      button: false,
      coverage: false,
      floor: false,
    });
  });
});

describe('diagnosticsPass (SPEC §4, §9)', () => {
  it.each([
    [{ button: 90, coverage: 90, floor: 51 }, true],
    [{ button: 100, coverage: 100, floor: 100 }, true],
    [{ button: 89, coverage: 90, floor: 51 }, false],
    [{ button: 90, coverage: 89, floor: 51 }, false],
    [{ button: 90, coverage: 90, floor: 50 }, false],
    [{ button: 90, coverage: 90 }, false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (percents, pass) => {
    expect(diagnosticsPass(percents)).toBe(pass);
  });
});
