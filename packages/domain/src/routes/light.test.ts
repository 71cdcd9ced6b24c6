import { describe, expect, it, vi } from 'vitest';

// The login page imports `@vigil/domain/routes` (SPEC §2.1, §2.3): it must load no zod, CASL or
// libphonenumber at run time. Any such import below would throw while loading the module.
vi.mock('zod', () => {
  throw new Error('routes loaded zod');
});
vi.mock('@casl/ability', () => {
  throw new Error('routes loaded @casl/ability');
});
vi.mock('libphonenumber-js', () => {
  throw new Error('routes loaded libphonenumber-js');
});

describe('@vigil/domain/routes stays light (SPEC §2.1)', () => {
  it('loads without zod, CASL or libphonenumber', async () => {
    const routes = await import('./index');
    expect(routes.matchRoute('/zones')?.route.id).toBe('zones');
    expect(typeof routes.visibleSidebar).toBe('function');
  });
});
