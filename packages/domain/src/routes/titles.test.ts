import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '../permissions/feature-flags';
import { ROUTES } from './route-table';
import { FEATURE_NAMES, documentTitle, screenTitle } from './titles';

describe('screenTitle: the screen named in the browser tab', () => {
  it.each([
    ['/tags', {}, 'Tags'],
    ['/tags/', {}, 'Tags'],
    ['/alerts', {}, 'Alerts'],
    ['/alerts/3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b', {}, 'Alerts'],
    ['/keys', {}, 'API Keys'],
    ['/log/audit', {}, 'Change Log'],
    ['/gateways', {}, 'Gateways'],
    ['/gateways', { outdoor: true }, 'Indoor Gateways'],
    ['/outdoor/nodes', { outdoor: true }, 'Nodes'],
    ['/outdoor/bridges', { outdoor: true }, 'Bridges'],
    ['/tag/c0ffee000001', {}, 'Tag c0ffee000001'],
    ['/gateway/b0a710000001', {}, 'Gateway b0a710000001'],
    ['/error/404', {}, 'Error 404'],
    ['/login', {}, 'Sign in'],
    ['/no/such/page', {}, undefined],
  ])('%s with flags %j → %s', (path, flags, expected) => {
    expect(screenTitle(path, flags)).toBe(expected);
  });

  it('names every route of the route table', () => {
    for (const route of ROUTES) expect(route.title, route.id).toMatch(/\S/);
  });
});

describe('documentTitle', () => {
  it.each([
    ['Tags', 0, 'Tags · Vigil'],
    ['Alerts', 2, '(2) Alerts · Vigil'],
    ['Tags', 1, '(1) Tags · Vigil'],
    [undefined, 0, 'Vigil'],
    [undefined, 3, '(3) Vigil'],
  ] as const)('%s with %i open alerts → %s', (screen, open, expected) => {
    expect(documentTitle(screen, open)).toBe(expected);
  });
});

describe('FEATURE_NAMES', () => {
  it('names every feature flag of SPEC §6', () => {
    for (const flag of FEATURE_FLAGS) expect(FEATURE_NAMES[flag]).toMatch(/\S/);
  });
});
