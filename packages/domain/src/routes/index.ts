// The light `@vigil/domain/routes` entry (SPEC §2.1, §2.4): no zod, no CASL, no libphonenumber at run time.
export * from './route-table';
export * from './route-match';
export * from './sidebar';
export * from './titles';
export * from './navigation';
