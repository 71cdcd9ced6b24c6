// Import boundaries between workspaces and between areas (docs/ARCHITECTURE.md §3):
// - the console never imports the server, nor the server the console;
// - the domain imports only its own files and the libraries it declares;
// - a console feature imports ui/, api/, session/ and the domain, never another feature or app/;
// - a server area imports platform/, the schema and other areas' index.ts only (a tables.ts may
//   name another area's tables.ts for a foreign key); platform/ imports no area.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.dirname(new URL(import.meta.url).pathname).replace(/\/eslint-rules$/, '');
const SERVER = path.join(ROOT, 'apps/server/src');
const CONSOLE = path.join(ROOT, 'apps/console/src');
const DOMAIN = path.join(ROOT, 'packages/domain');
const DOMAIN_LIBS = new Set(
  Object.keys(JSON.parse(fs.readFileSync(path.join(DOMAIN, 'package.json'), 'utf8')).dependencies),
);
const DOMAIN_TEST_LIBS = new Set(['vitest', 'node:fs', 'node:path']);

const inside = (dir, file) => file === dir || file.startsWith(dir + path.sep);
const segments = (dir, file) => path.relative(dir, file).split(path.sep);

/** The module a specifier names: an absolute path for a relative one, else the package name. */
function target(file, spec) {
  if (spec.startsWith('.')) {
    const base = path.resolve(path.dirname(file), spec);
    for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
      if (fs.existsSync(base + ext) && fs.statSync(base + ext).isFile()) return { file: base + ext };
    }
    return { file: base };
  }
  const parts = spec.split('/');
  return { pkg: spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0] };
}

/** The server element a file belongs to: 'platform', 'db', 'root' (app.ts, cli.ts …) or an area. */
function serverElement(file) {
  const segs = segments(SERVER, file);
  return segs.length === 1 ? 'root' : segs[0];
}

function check(file, spec) {
  const to = target(file, spec);
  if (to.pkg === '@vigil/server' || (to.file && inside(path.join(ROOT, 'apps/server'), to.file))) {
    if (!inside(path.join(ROOT, 'apps/server'), file) && !inside(path.join(ROOT, 'bench'), file))
      return 'only the server and benchmarks import the server';
  }
  if (to.pkg === '@vigil/console' || (to.file && inside(path.join(ROOT, 'apps/console'), to.file))) {
    if (!inside(path.join(ROOT, 'apps/console'), file)) return 'only the console imports the console';
  }
  if (inside(DOMAIN, file)) {
    if (to.file && !inside(DOMAIN, to.file)) return 'the domain imports only its own files';
    const test = /\.test\.ts$/.test(file);
    if (to.pkg && !DOMAIN_LIBS.has(to.pkg) && !(test && DOMAIN_TEST_LIBS.has(to.pkg)))
      return `the domain imports only ${[...DOMAIN_LIBS].join(', ')}`;
  }
  if (inside(CONSOLE, file) && to.file && inside(CONSOLE, to.file)) {
    const [from, feature] = segments(CONSOLE, file);
    const [toTop, toFeature] = segments(CONSOLE, to.file);
    if (from === 'features') {
      if (toTop === 'app') return 'a feature never imports app/';
      if (toTop === 'features' && toFeature !== feature) return 'a feature never imports another feature';
    }
  }
  if (inside(SERVER, file) && to.file && inside(SERVER, to.file)) {
    const from = serverElement(file);
    const toEl = serverElement(to.file);
    if (from === 'platform' && toEl !== 'platform') return 'platform imports no area';
    if (from !== 'platform' && from !== 'root' && from !== 'db' && toEl !== from) {
      if (toEl === 'root') return 'an area never imports the app';
      if (toEl === 'db' && !to.file.endsWith(path.join('db', 'schema.ts')))
        return 'an area imports db/schema only';
      if (toEl !== 'platform' && toEl !== 'db') {
        const name = path.basename(to.file);
        const tables = path.basename(file) === 'tables.ts' && name === 'tables.ts';
        if (name !== 'index.ts' && !tables)
          return `another area is imported through its index.ts (../${toEl})`;
      }
    }
  }
  return undefined;
}

const rule = {
  meta: { type: 'problem', schema: [], messages: { crossed: "'{{spec}}': {{why}}" } },
  create(context) {
    const file = context.filename;
    const report = (node, spec) => {
      if (typeof spec !== 'string') return;
      const why = check(file, spec);
      if (why) context.report({ node, messageId: 'crossed', data: { spec, why } });
    };
    return {
      ImportDeclaration: (node) => report(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && report(node, node.source.value),
      ExportAllDeclaration: (node) => report(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && report(node, node.source.value),
    };
  },
};

export default { rules: { imports: rule } };
