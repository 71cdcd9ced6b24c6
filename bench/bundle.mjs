#!/usr/bin/env node
// The console's bundle budget: the first load of /login ships at most 250 KB of gzipped
// JavaScript, and every screen is its own lazy chunk. Prints each chunk's gzipped size and exits 1
// above the budget. Reads the Vite manifest of a built console (apps/console/dist).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 250;
const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../apps/console/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No build at ${dist}: run "npm run build" first.`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

/** A chunk and everything it imports statically: what the browser must load before it runs. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKey = Object.keys(manifest).find((k) => k.endsWith('features/login/login-screen.tsx'));
if (!entryKey || !loginKey) {
  console.error('Could not find the entry or the login screen chunk in the manifest');
  process.exit(2);
}

const rows = Object.entries(manifest)
  .filter(([, chunk]) => chunk.file.endsWith('.js'))
  .map(([key, chunk]) => ({
    chunk: key.replace(/^.*src\//, 'src/'),
    file: chunk.file,
    'gzip KB': +gz(chunk.file).toFixed(1),
  }))
  .sort((a, b) => b['gzip KB'] - a['gzip KB']);
console.table(rows);

const loginFiles = new Set([...closure(entryKey), ...closure(loginKey)].map((k) => manifest[k].file));
const loginKb = [...loginFiles].reduce((sum, file) => sum + gz(file), 0);
const screens = Object.keys(manifest).filter((k) => /features\/[^/]+\/[^/]+-screen\.tsx$/.test(k));
const eager = screens.filter((k) => !manifest[k].isDynamicEntry);
console.log(
  `First load of /login: ${loginKb.toFixed(1)} KB gzipped JavaScript (budget ${BUDGET_KB} KB, ${((loginKb / BUDGET_KB) * 100).toFixed(0)}% of it)`,
);
console.log(`Screens as lazy chunks: ${screens.length - eager.length} of ${screens.length}`);
if (eager.length) console.error(`Not lazy: ${eager.join(', ')}`);
if (loginKb > BUDGET_KB || eager.length) process.exit(1);
