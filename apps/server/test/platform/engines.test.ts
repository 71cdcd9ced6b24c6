import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * README promises Node 20, and these machines and CI run it: a dependency that declares a newer
 * Node (pg-boss 11+, cookie 2, content-disposition 3 wanted 22) makes `npm ci` warn EBADENGINE
 * and may use what Node 20 lacks. Replace it, pin it or override it (root package.json) instead.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

type LockEntry = { version?: string; engines?: { node?: unknown } | unknown[] };

describe('every installed package runs on the oldest Node the project supports', () => {
  const range: string = readJson('package.json').engines.node;
  const oldest = semver.minVersion(range);

  it('the root package.json names that Node in engines', () => {
    expect(oldest?.major).toBe(20);
  });

  it('no package in package-lock.json declares an engines.node range without it', () => {
    const packages: Record<string, LockEntry> = readJson('package-lock.json').packages;
    const refusing = Object.entries(packages).flatMap(([where, entry]) => {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (typeof wanted !== 'string' || semver.satisfies(oldest!, wanted)) return [];
      return [`${where.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${wanted}`];
    });
    expect(refusing, `not installable on Node ${oldest} (the root engines: ${range})`).toEqual([]);
  });
});
