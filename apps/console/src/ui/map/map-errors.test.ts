import { describe, expect, it } from 'vitest';
import { describeMapError } from './map-errors';

describe('describeMapError (SPEC §8 Map)', () => {
  it('keeps a missing plan tile (404) silent', () => {
    expect(
      describeMapError(Object.assign(new Error('Not Found'), { status: 404 }), { tile: true }),
    ).toBeNull();
  });

  it('names other tile failures, which are only logged', () => {
    const error = Object.assign(new Error('Forbidden'), { status: 403 });
    expect(describeMapError(error, { tile: true })).toBe('a plan tile could not be drawn (Forbidden)');
  });

  it('tells a user without WebGL what to do', () => {
    expect(describeMapError(new Error('Failed to initialize WebGL'))).toMatch(
      /^This browser cannot draw the map/,
    );
  });

  it('passes other messages on', () => {
    expect(describeMapError(new Error('Style is broken'))).toBe('Style is broken');
    expect(describeMapError('odd')).toBe('odd');
  });
});
