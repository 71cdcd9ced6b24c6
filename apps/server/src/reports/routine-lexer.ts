// Just enough of PostgreSQL's lexical structure to split a routine file into statements and read
// a CREATE FUNCTION's header (routine-sql.ts): comments, strings ('…', E'…', dollar-quoted),
// quoted identifiers, words, numbers and punctuation.

export type Token = {
  kind: 'word' | 'quoted' | 'string' | 'number' | 'punct';
  /** Words in lower case, quoted identifiers and strings unquoted, punctuation as is. */
  value: string;
  start: number;
  end: number;
};

/** The statements of a token list, split at top-level semicolons; empty ones left out. */
export function splitStatements(tokens: Token[]): Token[][] {
  const statements: Token[][] = [[]];
  for (const token of tokens) {
    if (token.kind === 'punct' && token.value === ';') statements.push([]);
    else statements[statements.length - 1]!.push(token);
  }
  return statements.filter((s) => s.length > 0);
}

/**
 * The tokens of `text`, and the comments before the first of them (a routine's description).
 * Throws on a string, quoted identifier or comment that is not closed.
 */
export function lex(text: string): { tokens: Token[]; leading: string[] } {
  const tokens: Token[] = [];
  const leading: string[] = [];
  for (let i = 0; i < text.length;) {
    const comment = readComment(text, i);
    if (comment) {
      if (tokens.length === 0 && comment.text) leading.push(comment.text);
      i = comment.end;
      continue;
    }
    const token = readQuoted(text, i) ?? readPlain(text, i);
    if (token.kind) tokens.push({ kind: token.kind, value: token.value, start: i, end: token.end });
    i = token.end;
  }
  return { tokens, leading };
}

type Read = { kind?: Token['kind']; value: string; end: number };

/** A `--` comment to its line's end, or a nested `/* … *\/` comment. */
function readComment(text: string, i: number): { text: string; end: number } | undefined {
  if (text.startsWith('--', i)) {
    const newline = text.indexOf('\n', i);
    const end = newline < 0 ? text.length : newline + 1;
    return { text: text.slice(i + 2, end).trim(), end };
  }
  if (!text.startsWith('/*', i)) return undefined;
  let depth = 0;
  let at = i;
  do {
    if (at >= text.length) throw new Error('A /* comment is not closed');
    const opens = text.startsWith('/*', at);
    const closes = !opens && text.startsWith('*/', at);
    depth += opens ? 1 : closes ? -1 : 0;
    at += opens || closes ? 2 : 1;
  } while (depth > 0);
  return { text: text.slice(i + 2, at - 2).trim(), end: at };
}

const DOLLAR_TAG = /\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/y;

/** A string ('…' with '' inside, E'…' with backslash escapes, $tag$…$tag$) or a "quoted" identifier. */
function readQuoted(text: string, i: number): Read | undefined {
  DOLLAR_TAG.lastIndex = i;
  const tag = DOLLAR_TAG.exec(text)?.[0];
  if (tag) {
    const close = text.indexOf(tag, i + tag.length);
    if (close < 0) throw new Error(`A ${tag} string is not closed`);
    return { kind: 'string', value: text.slice(i + tag.length, close), end: close + tag.length };
  }
  const escapes = /[eE]/.test(text[i]!) && text[i + 1] === "'";
  const quote = escapes ? "'" : text[i];
  if (quote !== "'" && quote !== '"') return undefined;
  let value = '';
  for (let at = i + (escapes ? 2 : 1); at < text.length;) {
    const c = text[at]!;
    if (escapes && c === '\\') {
      value += text[at + 1] ?? '';
      at += 2;
    } else if (c === quote && text[at + 1] === quote) {
      value += quote;
      at += 2;
    } else if (c === quote) {
      return { kind: quote === '"' ? 'quoted' : 'string', value, end: at + 1 };
    } else {
      value += c;
      at++;
    }
  }
  throw new Error(quote === '"' ? 'A quoted identifier is not closed' : 'A string is not closed');
}

const PLAIN = /(\s+)|([A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*)|(\.?[0-9][0-9.eE]*)|([^])/y;

/** White space (no token), a word (lower-cased), a number, or one character of punctuation. */
function readPlain(text: string, i: number): Read {
  PLAIN.lastIndex = i;
  const [all, space, word, number] = PLAIN.exec(text)!;
  const end = i + all.length;
  if (space) return { value: '', end };
  if (word) return { kind: 'word', value: word.toLowerCase(), end };
  if (number) return { kind: 'number', value: number, end };
  return { kind: 'punct', value: all, end };
}
