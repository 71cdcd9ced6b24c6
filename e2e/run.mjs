#!/usr/bin/env node
// The browser suite: finds Debian's Chromium (CHROMIUM_PATH, /usr/bin/chromium), installs it when
// missing and running as root, builds the console if needed, then runs Playwright against the real
// server on a temporary data directory.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, '..');

function findChromium() {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

let chromium = findChromium();
if (!chromium) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      "Chromium is missing. Install Debian's chromium, then run the tests again:\n  sudo apt-get update && sudo apt-get install -y chromium",
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium (apt-get) …");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  chromium = findChromium();
  if (!chromium) {
    console.error('apt-get finished but /usr/bin/chromium is still missing');
    process.exit(1);
  }
}

const dist = path.join(root, 'apps/console/dist/index.html');
if (!fs.existsSync(dist) || process.env.E2E_BUILD === '1') {
  execFileSync('npm', ['run', 'build', '--workspace', 'apps/console'], { cwd: root, stdio: 'inherit' });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-e2e-'));
const res = spawnSync(path.join(root, 'node_modules/.bin/playwright'), ['test', ...process.argv.slice(2)], {
  cwd: here,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, VIGIL_E2E_DATA_DIR: dataDir },
});
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(res.status ?? 1);
