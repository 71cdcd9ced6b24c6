#!/usr/bin/env node
// Runs every benchmark under bench/ (files named *.bench.ts), or those named on the command line.
// Each prints its own table; figures are recorded by hand in docs/BENCHMARKS.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.dirname(new URL(import.meta.url).pathname);
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();
const tsx = path.join(dir, '..', 'node_modules', '.bin', 'tsx');
let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}`);
  const res = spawnSync(tsx, [path.join(dir, file)], {
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
