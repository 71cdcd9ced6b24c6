import fs from 'node:fs';
import path from 'node:path';
import {
  ALERT_REASONS,
  INCIDENT_QUESTIONS,
  MAX_SIGHTINGS_PER_POST,
  PRESS_HOLD_MIN_MS,
  PRESS_PATTERNS,
  SIGHTING_WINDOW_MS,
  TAG_MOVES_RETENTION_DAYS,
  type PressPattern,
} from '@vigil/domain';

/**
 * The tables of docs/DEVICE-API.md, written from the domain's own data, so the document
 * cannot drift from what the server classifies and accepts. `scripts/device-api-doc.ts` rewrites
 * them; test/device-api-doc.test.ts fails when they are stale.
 */

const seconds = (ms: number) => `${ms / 1000} s`;

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

function presses(p: PressPattern): string {
  const { min, max } = p.presses;
  if (max === null) return min <= 1 ? 'any' : `${min} or more`;
  return min === max ? String(min) : `${min}–${max}`;
}

function makes(p: PressPattern): string {
  const r = p.result;
  return r.mode === 'danger' ? `\`danger\` (${r.dangerReason})` : `\`${r.mode}\``;
}

const HOLD = { required: 'required', forbidden: 'none held', any: '—' } as const;

/** SPEC §3 Button event, §4: the press-pattern table, first matching row wins. */
export function pressPatternTable(): string {
  return table(
    [
      '#',
      'pattern',
      'how',
      'presses',
      'tapDelta ≤',
      'span ≤',
      `hold ≥ ${seconds(PRESS_HOLD_MIN_MS)}`,
      'makes',
    ],
    PRESS_PATTERNS.map((p, i) => [
      String(i + 1),
      `\`${p.name}\``,
      p.description,
      presses(p),
      p.maxTapDeltaMs === null ? '—' : seconds(p.maxTapDeltaMs),
      p.maxSpanMs === null ? '—' : seconds(p.maxSpanMs),
      HOLD[p.hold],
      makes(p),
    ]),
  );
}

const yes = (b: boolean) => (b ? 'yes' : 'no');

/** SPEC §4, §5: the reasons an alert is closed with. */
export function reasonTable(): string {
  return table(
    ['reasonCode', 'label', 'kind', 'needs reasonText', 'asks the incident details'],
    ALERT_REASONS.map((r) => [`\`${r.code}\``, r.label, r.kind, yes(r.needsText), yes(r.asksDetails)]),
  );
}

/** SPEC §5: the incident details questionnaire (`reasonDetails`). */
export function incidentQuestionTable(): string {
  return table(
    ['key', 'question', 'answers', 'asked when'],
    INCIDENT_QUESTIONS.map((q) => [
      `\`${q.id}\`${q.multiple ? ' (list)' : ''}`,
      q.label,
      q.options.map((o) => `\`${o.value}\``).join(', ') +
        (q.textKey ? `; \`other\` needs \`${q.textKey}\`` : ''),
      q.dependsOn
        ? `\`${q.dependsOn.questionId}\` is ${q.dependsOn.values.map((v) => `\`${v}\``).join(' or ')}`
        : 'always',
    ]),
  );
}

/** Issue 20: the sightings post's fields and the numbers of the rule, from the domain's constants. */
export function sightingsTable(): string {
  return table(
    ['field or rule', 'value'],
    [
      ['`gateway`, `tag`', 'a MAC, as for button events'],
      ['`batch`', "the gateway's id of this post, 1–64 characters: a repeat is answered, not applied again"],
      ['`sightings`', `1–${MAX_SIGHTINGS_PER_POST} of \`{tag, rssi, at}\``],
      ['`rssi`', 'a whole number of dBm, −127 … 0'],
      ['`at`', 'an ISO 8601 time with its offset (`Z` or `+01:00`); one ahead of the server is taken as now'],
      ['the window', `${seconds(SIGHTING_WINDOW_MS)}: a weaker gateway does not take a tag within it`],
      ['moves kept', `${TAG_MOVES_RETENTION_DAYS} days`],
    ],
  );
}

export const GENERATED_SECTIONS: Record<string, () => string> = {
  'press-patterns': pressPatternTable,
  sightings: sightingsTable,
  reasons: reasonTable,
  'incident-questions': incidentQuestionTable,
};

/** The document with every `<!-- generated:name -->…<!-- /generated:name -->` section rewritten. */
export function withGeneratedSections(doc: string): string {
  let out = doc;
  for (const [name, render] of Object.entries(GENERATED_SECTIONS)) {
    const open = `<!-- generated:${name} -->`;
    const close = `<!-- /generated:${name} -->`;
    const start = out.indexOf(open);
    const end = out.indexOf(close);
    if (start < 0 || end < start) throw new Error(`docs/DEVICE-API.md lacks the ${open} … ${close} section`);
    out = `${out.slice(0, start + open.length)}\n\n${render()}\n\n${out.slice(end)}`;
  }
  return out;
}

export const DEVICE_API_DOC = path.resolve(import.meta.dirname, '../../../../docs/DEVICE-API.md');

/** docs/DEVICE-API.md as it should be: generated sections rewritten, formatted as `prettier` would. */
export async function renderDeviceApiDoc(file = DEVICE_API_DOC): Promise<string> {
  const prettier = await import('prettier');
  const config = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(withGeneratedSections(fs.readFileSync(file, 'utf8')), { ...config, filepath: file });
}
