/**
 * A strict parser of the Prometheus text exposition format 0.0.4 (what /metrics answers), as a
 * scraper reads it: `# HELP` and `# TYPE` lines, samples `name{label="value",…} value [timestamp]`
 * with escaped label values. It throws on anything a scraper would refuse or that breaks the
 * format's rules: a malformed line, a bad name or value, a TYPE after its samples or twice, a
 * sample whose name does not belong to its family, the same series twice, a histogram whose buckets
 * are not cumulative or whose +Inf bucket is not its count.
 */

export type Sample = { name: string; labels: Record<string, string>; value: number };
export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
export type Family = { name: string; type: MetricType; help?: string; samples: Sample[] };
export type Exposition = Map<string, Family>;

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

export function parsePrometheusText(text: string): Exposition {
  const families: Exposition = new Map();
  const typed = new Set<string>();
  const seen = new Set<string>();
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  else throw new Error('the exposition must end with a line feed');
  lines.forEach((line, i) => {
    const where = `line ${i + 1}: ${JSON.stringify(line)}`;
    try {
      if (line.trim() === '') return;
      if (line.startsWith('#')) return readComment(line, families, typed);
      const sample = readSample(line);
      const family = familyOf(sample.name, families);
      const key = `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
      if (seen.has(key)) throw new Error('the same series twice');
      seen.add(key);
      family.samples.push(sample);
    } catch (err) {
      throw new Error(`${where}: ${(err as Error).message}`);
    }
  });
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

function readComment(line: string, families: Exposition, typed: Set<string>): void {
  const m = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(line);
  if (!m) return; // any other comment is allowed and ignored
  const [, kind, name, rest = ''] = m;
  if (!METRIC_NAME.test(name!)) throw new Error(`bad metric name ${name}`);
  const family = families.get(name!) ?? { name: name!, type: 'untyped' as MetricType, samples: [] };
  if (kind === 'HELP') {
    if (family.help !== undefined) throw new Error('HELP twice');
    family.help = unescape(rest, false);
  } else {
    if (family.samples.length > 0 || typed.has(name!)) throw new Error('TYPE twice, or after its samples');
    if (!TYPES.has(rest as MetricType)) throw new Error(`unknown type ${rest}`);
    family.type = rest as MetricType;
    typed.add(name!);
  }
  families.set(name!, family);
}

/** The family a sample belongs to: its own name, or a histogram's or summary's by its suffix. */
function familyOf(name: string, families: Exposition): Family {
  for (const suffix of ['_bucket', '_sum', '_count', '']) {
    if (!name.endsWith(suffix)) continue;
    const family = families.get(name.slice(0, name.length - suffix.length));
    if (!family) continue;
    const compound = family.type === 'histogram' || family.type === 'summary';
    if (suffix === '' && !compound) return family;
    if (suffix !== '' && compound && (suffix !== '_bucket' || family.type === 'histogram')) return family;
  }
  const family: Family = { name, type: 'untyped', samples: [] };
  families.set(name, family);
  return family;
}

function readSample(line: string): Sample {
  const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^]*\})?\s+(\S+)(?:\s+(-?\d+))?\s*$/.exec(line);
  if (!m) throw new Error('not a sample');
  const labels = m[2] ? readLabels(m[2].slice(1, -1)) : {};
  return { name: m[1]!, labels, value: readValue(m[3]!) };
}

function readLabels(body: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = body;
  while (rest.length > 0) {
    const m = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,?)/.exec(rest);
    if (!m) throw new Error(`bad labels {${body}}`);
    if (!LABEL_NAME.test(m[1]!) || m[1]!.startsWith('__')) throw new Error(`bad label name ${m[1]}`);
    if (m[1]! in labels) throw new Error(`label ${m[1]} twice`);
    labels[m[1]!] = unescape(m[2]!, true);
    rest = rest.slice(m[0].length);
    if (!m[3] && rest.length > 0) throw new Error(`bad labels {${body}}`);
  }
  return labels;
}

/** A float as Go's ParseFloat reads it (what Prometheus uses): NaN and Inf in any case, signed or not. */
function readValue(text: string): number {
  if (/^[+-]?nan$/i.test(text)) return NaN;
  const inf = /^([+-]?)inf(inity)?$/i.exec(text);
  if (inf) return inf[1] === '-' ? -Infinity : Infinity;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw new Error(`bad value ${text}`);
  return Number(text);
}

function unescape(text: string, quotes: boolean): string {
  return text.replace(/\\(.)/g, (all, c: string) => {
    if (c === 'n') return '\n';
    if (c === '\\') return '\\';
    if (c === '"' && quotes) return '"';
    throw new Error(`bad escape ${all}`);
  });
}

/** Buckets per series are cumulative, end at +Inf, and +Inf equals the series' count. */
function checkHistogram(family: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const s of family.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (s.name === `${family.name}_bucket`) {
      if (le === undefined) throw new Error(`${s.name} without le`);
      entry.buckets.push([readValue(le), s.value]);
    } else if (s.name === `${family.name}_count`) entry.count = s.value;
  }
  for (const [key, { buckets, count }] of series) {
    const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
    sorted.forEach(([, v], i) => {
      if (i > 0 && v < sorted[i - 1]![1]) throw new Error(`${family.name}${key}: buckets not cumulative`);
    });
    const inf = sorted.at(-1);
    if (!inf || inf[0] !== Infinity) throw new Error(`${family.name}${key}: no +Inf bucket`);
    if (inf[1] !== count) throw new Error(`${family.name}${key}: +Inf bucket is not the count`);
  }
}

/**
 * The value of the one sample named `name` whose labels include `labels`; undefined when none has
 * (a labelled counter not yet moved has no sample). Throws when several match.
 */
export function sampleValue(
  exposition: Exposition,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const matches = [...exposition.values()]
    .flatMap((f) => f.samples)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (matches.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${matches.length} samples`);
  return matches[0]?.value;
}
