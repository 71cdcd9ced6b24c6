import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The previous release, for the rolling-upgrade test (issue 19 "Upgrades"): the repository as it
 * was just before the newest migration under apps/server/drizzle/ was added, materialised from git
 * into a temporary tree that `startServer({ root })` runs. Its dependencies are this checkout's
 * (node_modules symlinked), except @vigil/domain and @vigil/server, which resolve to the old tree's
 * own copies, so the old server runs the old domain code and the old migrations.
 */

const REPO = path.resolve(import.meta.dirname, '../../../..');
const DRIZZLE = 'apps/server/drizzle';
/** What the old server needs of its tree (the console is not served: CONSOLE_DIR points elsewhere). */
const TREE = ['apps/server', 'packages/domain', 'tsconfig.base.json', 'package.json'];
/** The workspaces materialised: their own node_modules (if any) are linked, and @vigil/<name> points into the tree. */
const WORKSPACES: Record<string, string> = { domain: 'packages/domain', server: 'apps/server' };

export type PreviousRelease = {
  /** The temporary tree (pass as `root` to startServer). */
  root: string;
  /** The commit it was taken from. */
  commit: string;
  /** The newest migration of this checkout, which the previous release does not have (its tag). */
  newestMigration: string;
  /** The migrations the previous release applies (its journal's tags), in order. */
  migrations: string[];
  /** Deletes the tree. */
  remove(): void;
};

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The migration tags of a drizzle journal, in order. */
export function journalTags(journalJson: string): string[] {
  return (JSON.parse(journalJson) as { entries: { tag: string }[] }).entries.map((e) => e.tag);
}

/** This checkout's migrations (its journal's tags), in order. */
export function currentMigrations(): string[] {
  return journalTags(fs.readFileSync(path.join(REPO, DRIZZLE, 'meta/_journal.json'), 'utf8'));
}

/**
 * Which commit is the previous release: the parent of the commit that added the newest migration
 * (or HEAD itself when that migration is not committed yet). Throws, saying why, when the history
 * needed is missing (a shallow clone) — the upgrade test must then fail, not pass unproven.
 */
export function isShallowClone(): boolean {
  return git('rev-parse', '--is-shallow-repository') === 'true';
}

export function previousReleaseCommit(): { commit: string; newestMigration: string } {
  const newestMigration = currentMigrations().at(-1)!;
  const file = `${DRIZZLE}/${newestMigration}.sql`;
  if (git('rev-parse', '--is-shallow-repository') === 'true') {
    throw new Error(
      `the upgrade test needs the previous release's code, i.e. the commit before ${file} was added, ` +
        'but this is a shallow clone without that history: run `git fetch --unshallow` (or clone ' +
        'with full history, e.g. actions/checkout with fetch-depth: 0) and run the test again',
    );
  }
  const added = git('log', '--diff-filter=A', '--format=%H', 'HEAD', '--', file).split('\n')[0];
  if (!added) {
    let committed = true;
    try {
      git('cat-file', '-e', `HEAD:${file}`);
    } catch {
      committed = false;
    }
    if (!committed) return { commit: git('rev-parse', 'HEAD'), newestMigration }; // a migration in the making
    throw new Error(`git log finds no commit adding ${file}, yet HEAD has it: the history is incomplete`);
  }
  try {
    return { commit: git('rev-parse', '--verify', `${added}^`), newestMigration };
  } catch {
    throw new Error(`${file} was added by ${added}, which has no parent in this clone: no previous release`);
  }
}

/** Materialises the previous release into a temporary directory (about 4 MB of source). */
export function materialisePreviousRelease(): PreviousRelease {
  const { commit, newestMigration } = previousReleaseCommit();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-previous-'));
  const remove = () => fs.rmSync(root, { recursive: true, force: true });
  try {
    const tar = path.join(root, 'release.tar');
    const present = TREE.filter((p) => {
      try {
        git('cat-file', '-e', `${commit}:${p}`);
        return true;
      } catch {
        return false;
      }
    });
    git('archive', '--format=tar', '-o', tar, commit, ...present);
    execFileSync('tar', ['-xf', tar, '-C', root]);
    fs.rmSync(tar);
    linkDependencies(root);
    const migrations = journalTags(fs.readFileSync(path.join(root, DRIZZLE, 'meta/_journal.json'), 'utf8'));
    return { root, commit, newestMigration, migrations, remove };
  } catch (err) {
    remove();
    throw err;
  }
}

/**
 * <root>/node_modules holds a link to each of this checkout's packages, but @vigil/* point into
 * <root>; each materialised workspace's own node_modules (e.g. apps/server's drizzle-orm) is linked.
 */
function linkDependencies(root: string): void {
  const modules = path.join(root, 'node_modules');
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(path.join(REPO, 'node_modules'))) {
    if (entry === '@vigil') continue;
    fs.symlinkSync(path.join(REPO, 'node_modules', entry), path.join(modules, entry));
  }
  fs.mkdirSync(path.join(modules, '@vigil'));
  for (const [name, dir] of Object.entries(WORKSPACES)) {
    if (!fs.existsSync(path.join(root, dir))) continue;
    fs.symlinkSync(path.join(root, dir), path.join(modules, '@vigil', name));
    const own = path.join(REPO, dir, 'node_modules');
    if (fs.existsSync(own) && !fs.existsSync(path.join(root, dir, 'node_modules'))) {
      fs.symlinkSync(own, path.join(root, dir, 'node_modules'));
    }
  }
}
