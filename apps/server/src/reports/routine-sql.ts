import { lex, splitStatements, type Token } from './routine-lexer';

// What `vigil report add FILE.sql` accepts (docs/DEPLOYMENT.md 'Stored report routines'): one
// `CREATE [OR REPLACE] FUNCTION report_routines.<id>(org uuid) RETURNS TABLE (…) LANGUAGE sql STABLE
// AS $$ … $$` and nothing else. This is the first line of defence, with messages an operator can act
// on; what makes a routine harmless is the sandbox it runs in (routine-sandbox.ts).

/** SPEC §2.4 routine ids: what the console's /reports/{id} route and the sidebar accept. */
export const ROUTINE_ID = /^[A-Za-z0-9_]+$/;
/** PostgreSQL's longest identifier. */
const MAX_ID_LENGTH = 63;
const MAX_DESCRIPTION = 500;

export type RoutineSql = {
  id: string;
  /** The CREATE FUNCTION statement to run, written from the file's parts (`render`). */
  statement: string;
  /** The function's body (the AS string's value), to compare with an installed one. */
  body: string;
  /** The file's leading comments, joined: the routine's description. */
  description: string | null;
};
export type RoutineSqlVerdict = { ok: true; routine: RoutineSql } | { ok: false; reason: string };

const FORM =
  'CREATE [OR REPLACE] FUNCTION report_routines.<id>(org uuid) RETURNS TABLE (…) LANGUAGE sql STABLE AS $$ … $$';

/** Checks a routine file; answers the routine or why it is refused. */
export function validateRoutineSql(text: string): RoutineSqlVerdict {
  let lexed: { tokens: Token[]; leading: string[] };
  try {
    lexed = lex(text);
  } catch (err) {
    return refuse((err as Error).message);
  }
  const statements = splitStatements(lexed.tokens);
  if (statements.length !== 1) {
    return refuse(`The file must hold exactly one statement, ${FORM}; it holds ${statements.length}`);
  }
  const tokens = statements[0]!;
  const verdict = parseCreateFunction(tokens);
  if ('reason' in verdict) return refuse(verdict.reason);
  const bodyReason = checkBody(verdict.body);
  if (bodyReason) return refuse(bodyReason);
  const description = lexed.leading
    .join(' ')
    .replace(/[\s\0]+/g, ' ')
    .trim()
    .slice(0, MAX_DESCRIPTION);
  return {
    ok: true,
    routine: {
      id: verdict.id,
      statement: render(verdict),
      body: verdict.body,
      description: description || null,
    },
  };
}

const refuse = (reason: string): RoutineSqlVerdict => ({ ok: false, reason });

/** The statement's parts after the header checks, or why it is refused. */
function parseCreateFunction(tokens: Token[]): Parsed | { reason: string } {
  const at = new Cursor(tokens);
  if (!at.word('create')) return { reason: `The statement must be ${FORM}` };
  if (at.word('or') && !at.word('replace')) return { reason: 'Expected OR REPLACE' };
  if (!at.word('function')) return { reason: `Only a function may be created: ${FORM}` };
  const schema = at.identifier();
  if (schema !== 'report_routines' || !at.punct('.')) {
    return { reason: 'The function must be in the schema report_routines (report_routines.<id>)' };
  }
  const id = at.identifier();
  if (id === undefined || !ROUTINE_ID.test(id) || id.length > MAX_ID_LENGTH) {
    return { reason: 'The routine id must be letters, digits and underscores (at most 63)' };
  }
  const args = at.parenthesised();
  if (!args || args.map((t) => t.value).join(' ') !== 'org uuid') {
    return { reason: 'The routine takes exactly one argument, (org uuid): the caller’s organisation' };
  }
  const columns = at.word('returns') && at.word('table') ? at.parenthesised() : undefined;
  if (!columns?.length) {
    return { reason: 'The routine must return its rows as RETURNS TABLE (column type, …)' };
  }
  if (columns.some((t) => t.kind === 'string'))
    return { reason: 'RETURNS TABLE (…) names columns and types only' };
  return parseOptions(at, { id, columns });
}

/** Options a routine may carry besides LANGUAGE sql, STABLE and its body; '#' stands for a number. */
const OPTIONS = [
  'strict',
  'called on null input',
  'returns null on null input',
  'parallel safe',
  'parallel restricted',
  'parallel unsafe',
  'cost #',
  'rows #',
  'security invoker',
  'external security invoker',
  'not leakproof',
].map((option) => option.split(' '));

/** Why an option is refused, for the words an operator may well write. */
const REFUSED_OPTIONS: Record<string, string> = {
  volatile: 'A routine must be STABLE (it reads, and never writes)',
  immutable: 'A routine must be STABLE (it reads, and never writes)',
  security: 'A routine may not be SECURITY DEFINER',
  external: 'A routine may not be SECURITY DEFINER',
  set: 'A routine may not SET configuration: it runs with the sandbox’s settings',
  begin: 'Write the body as a string (AS $$ … $$), not BEGIN ATOMIC',
};

type Parsed = { id: string; columns: Token[]; options: string[]; body: string };

/** CREATE FUNCTION's options: LANGUAGE sql, STABLE and one string body, and only OPTIONS besides. */
function parseOptions(at: Cursor, head: Omit<Parsed, 'options' | 'body'>): Parsed | { reason: string } {
  let language: string | undefined;
  let stable = false;
  let body: string | undefined;
  const options: string[] = [];
  while (!at.done()) {
    const option = takeOption(at);
    if (option) {
      options.push(option);
      continue;
    }
    const word = at.next();
    if (word.kind === 'word' && word.value === 'stable') {
      stable = true;
    } else if (word.kind === 'word' && word.value === 'language') {
      const lang = at.next();
      language = lang.kind === 'word' || lang.kind === 'string' ? lang.value.toLowerCase() : '';
      if (language !== 'sql') return { reason: 'A routine must be LANGUAGE sql' };
    } else if (word.kind === 'word' && word.value === 'as') {
      const value = at.next();
      if (value.kind !== 'string' || body !== undefined || at.punct(',')) {
        return { reason: 'The body must be one string: AS $$ … $$' };
      }
      body = value.value;
    } else {
      const refused = word.kind === 'word' ? REFUSED_OPTIONS[word.value] : undefined;
      return { reason: refused ?? `${show(word)} is not allowed in a routine’s options` };
    }
  }
  if (language !== 'sql') return { reason: 'A routine must be LANGUAGE sql' };
  if (!stable) return { reason: 'A routine must be STABLE (it reads, and never writes)' };
  if (body === undefined) return { reason: 'The routine has no body: AS $$ … $$' };
  return { ...head, options, body };
}

/** The first of OPTIONS that comes next, taken. */
function takeOption(at: Cursor): string | undefined {
  for (const words of OPTIONS) {
    const taken = at.sequence(words);
    if (taken !== undefined) return taken;
  }
  return undefined;
}

/**
 * The statement that is run: written by us from the parsed parts, never the file's text, so it is
 * one CREATE FUNCTION whatever the file holds. The body is dollar-quoted with a tag it does not contain.
 */
function render({ id, columns, options, body }: Parsed): string {
  let tag = '$routine$';
  for (let n = 1; body.includes(tag); n++) tag = `$routine${n}$`;
  const cols = columns.map((t) => (t.kind === 'quoted' ? quoteIdent(t.value) : t.value)).join(' ');
  return [
    `create function report_routines.${quoteIdent(id)}(org uuid) returns table (${cols})`,
    `language sql stable${options.map((o) => ` ${o}`).join('')}`,
    `as ${tag}${body}${tag}`,
  ].join('\n');
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Statements a read may begin with; a routine's body holds nothing else (a STABLE SQL function cannot run more). */
const READ_STARTS = new Set(['select', 'with', 'values', 'table', '(']);
/** Words that only a write, DDL or session command uses. */
const WRITE_WORDS = new Set([
  'insert',
  'update',
  'delete',
  'merge',
  'truncate',
  'copy',
  'create',
  'drop',
  'alter',
  'grant',
  'revoke',
  'call',
  'do',
  'lock',
  'vacuum',
  'listen',
  'notify',
  'reset',
  'commit',
  'rollback',
]);

function checkBody(body: string): string | undefined {
  let tokens: Token[];
  try {
    tokens = lex(body).tokens;
  } catch (err) {
    return `The body: ${(err as Error).message}`;
  }
  const statements = splitStatements(tokens);
  if (statements.length === 0) return 'The routine’s body is empty';
  for (const statement of statements) {
    const first = statement[0]!;
    if (!READ_STARTS.has(first.value) || first.kind === 'string' || first.kind === 'quoted') {
      return `The routine’s body may only read (SELECT, WITH, VALUES); it has ${show(first)}`;
    }
    const write = statement.find((t) => t.kind === 'word' && WRITE_WORDS.has(t.value));
    if (write) return `The routine’s body may only read; it has ${show(write)}`;
  }
  return undefined;
}

const show = (token: Token) =>
  token.kind === 'word'
    ? token.value.toUpperCase()
    : token.kind === 'string'
      ? 'a string'
      : `'${token.value}'`;

class Cursor {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}
  done = () => this.i >= this.tokens.length;
  next(): Token {
    return this.tokens[this.i++] ?? { kind: 'punct', value: 'the end', start: 0, end: 0 };
  }
  /** Takes the word `value` if it is next. */
  word(value: string): boolean {
    const t = this.tokens[this.i];
    if (t?.kind !== 'word' || t.value !== value) return false;
    this.i++;
    return true;
  }
  punct(value: string): boolean {
    const t = this.tokens[this.i];
    if (t?.kind !== 'punct' || t.value !== value) return false;
    this.i++;
    return true;
  }
  /** Takes `words` if they come next ('#': a number) and answers them as written, else takes nothing. */
  sequence(words: string[]): string | undefined {
    const taken = this.tokens.slice(this.i, this.i + words.length);
    const match =
      taken.length === words.length &&
      words.every((w, k) =>
        w === '#' ? taken[k]!.kind === 'number' : taken[k]!.kind === 'word' && taken[k]!.value === w,
      );
    if (!match) return undefined;
    this.i += words.length;
    return taken.map((t) => t.value).join(' ');
  }
  /** An identifier as PostgreSQL names it: unquoted in lower case, quoted as written. */
  identifier(): string | undefined {
    const t = this.tokens[this.i];
    if (t?.kind !== 'word' && t?.kind !== 'quoted') return undefined;
    this.i++;
    return t.value;
  }
  /** The tokens between a '(' and its matching ')', or undefined when none is next. */
  parenthesised(): Token[] | undefined {
    if (!this.punct('(')) return undefined;
    const inside: Token[] = [];
    for (let depth = 1; !this.done();) {
      const t = this.next();
      if (t.kind === 'punct' && t.value === '(') depth++;
      if (t.kind === 'punct' && t.value === ')' && --depth === 0) return inside;
      inside.push(t);
    }
    return undefined;
  }
}
