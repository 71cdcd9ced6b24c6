import { z } from 'zod';
import { reasonByCode, type AlertReasonCode } from './reasons';

// SPEC §5 'Incident reason details' and 'Alert reason editor'. The questionnaire is data; the
// console renders it and the server checks the same answers with the same functions.

/** SPEC §5: incident categories; 'other' requires a write-in. */
export const INCIDENT_CATEGORIES = [
  'verbal',
  'physical',
  'self_harm',
  'elopement',
  'disruptive',
  'unsafe',
  'other',
] as const;
/** SPEC §5: who the incident came from. */
export const INCIDENT_SOURCES = ['patient', 'visitor', 'employee', 'unknown'] as const;
/** SPEC §5: was anyone injured. */
export const INCIDENT_INJURIES = ['yes', 'no', 'unknown'] as const;
/** SPEC §5: who was injured (several may be); SPEC names no list, so the source's words plus self and other. */
export const INCIDENT_TARGETS = ['patient', 'visitor', 'employee', 'self', 'other'] as const;

/** The answer value that needs a details text. */
export const OTHER_ANSWER = 'other';
const TEXT_MAX = 500;

/**
 * SPEC §5: the stored reason details. A question's write-in for 'other' is `<questionId>Text`.
 * Strict: a key the questionnaire does not ask is refused.
 */
export const incidentDetailsSchema = z.strictObject({
  category: z.enum(INCIDENT_CATEGORIES).optional(),
  categoryText: z.string().max(TEXT_MAX).optional(),
  source: z.enum(INCIDENT_SOURCES).optional(),
  injury: z.enum(INCIDENT_INJURIES).optional(),
  target: z
    .array(z.enum(INCIDENT_TARGETS))
    .max(INCIDENT_TARGETS.length * 2)
    .optional(),
  targetText: z.string().max(TEXT_MAX).optional(),
});
export type IncidentDetails = z.infer<typeof incidentDetailsSchema>;

export const INCIDENT_QUESTION_IDS = ['category', 'source', 'injury', 'target'] as const;
export type IncidentQuestionId = (typeof INCIDENT_QUESTION_IDS)[number];

/** One question of the questionnaire. */
export type IncidentQuestion = {
  id: IncidentQuestionId;
  label: string;
  /** Several options may be chosen (the answer is a list). */
  multiple: boolean;
  options: readonly { value: string; label: string }[];
  /** The key of the write-in text for an 'other' answer, or null when the question has no 'other'. */
  textKey: 'categoryText' | 'targetText' | null;
  /** Asked only when that earlier question's answer is one of `values`. */
  dependsOn: { questionId: IncidentQuestionId; values: readonly string[] } | null;
};

/** SPEC §5 Incident reason details: the questions in order; target depends on injury = yes. */
export const INCIDENT_QUESTIONS: readonly IncidentQuestion[] = [
  {
    id: 'category',
    label: 'What kind of incident was it?',
    multiple: false,
    options: [
      { value: 'verbal', label: 'Verbal' },
      { value: 'physical', label: 'Physical' },
      { value: 'self_harm', label: 'Self-harm' },
      { value: 'elopement', label: 'Elopement' },
      { value: 'disruptive', label: 'Disruptive' },
      { value: 'unsafe', label: 'Unsafe' },
      { value: 'other', label: 'Other' },
    ],
    textKey: 'categoryText',
    dependsOn: null,
  },
  {
    id: 'source',
    label: 'Who was the source?',
    multiple: false,
    options: [
      { value: 'patient', label: 'Patient' },
      { value: 'visitor', label: 'Visitor' },
      { value: 'employee', label: 'Employee' },
      { value: 'unknown', label: 'Unknown' },
    ],
    textKey: null,
    dependsOn: null,
  },
  {
    id: 'injury',
    label: 'Was anyone injured?',
    multiple: false,
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
      { value: 'unknown', label: 'Unknown' },
    ],
    textKey: null,
    dependsOn: null,
  },
  {
    id: 'target',
    label: 'Who was injured?',
    multiple: true,
    options: [
      { value: 'patient', label: 'Patient' },
      { value: 'visitor', label: 'Visitor' },
      { value: 'employee', label: 'Employee' },
      { value: 'self', label: 'Self' },
      { value: 'other', label: 'Other' },
    ],
    textKey: 'targetText',
    dependsOn: { questionId: 'injury', values: ['yes'] },
  },
];

export const ANSWER_ALL_QUESTIONS_REASON = 'Please answer all questions';
export const REASON_TEXT_REQUIRED_REASON = 'Please describe the reason';
export const UNKNOWN_REASON_CODE_REASON = 'Please choose a reason';
export const INVALID_REASON_DETAILS_REASON = 'The incident details are not valid';

function question(id: IncidentQuestionId): IncidentQuestion {
  return INCIDENT_QUESTIONS.find((q) => q.id === id) as IncidentQuestion;
}

function answerValues(answers: IncidentDetails, id: IncidentQuestionId): string[] {
  const value = answers[id];
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : [...value];
}

/** SPEC §5: the questions to ask given the answers so far (a dependent question needs its dependency applicable too). */
export function applicableQuestions(answers: IncidentDetails): IncidentQuestion[] {
  const applicable: IncidentQuestion[] = [];
  for (const q of INCIDENT_QUESTIONS) {
    const dep = q.dependsOn;
    if (dep) {
      const depApplicable = applicable.some((a) => a.id === dep.questionId);
      const chosen = answerValues(answers, dep.questionId);
      if (!depApplicable || !chosen.some((v) => dep.values.includes(v))) continue;
    }
    applicable.push(q);
  }
  return applicable;
}

function dependentsOf(id: IncidentQuestionId): IncidentQuestion[] {
  const direct = INCIDENT_QUESTIONS.filter((q) => q.dependsOn?.questionId === id);
  return direct.flatMap((q) => [q, ...dependentsOf(q.id)]);
}

function clearAnswer(answers: IncidentDetails, q: IncidentQuestion): void {
  delete answers[q.id];
  if (q.textKey) delete answers[q.textKey];
}

/**
 * SPEC §5 Alert reason editor: answers with one question's answer set (undefined or [] unsets it).
 * Changing an answer clears every answer that depends on it; an answer without 'other' drops its write-in.
 */
export function setAnswer<Q extends IncidentQuestionId>(
  answers: IncidentDetails,
  questionId: Q,
  value: IncidentDetails[Q],
): IncidentDetails {
  const q = question(questionId);
  const next: IncidentDetails = { ...answers };
  const before = JSON.stringify(answerValues(answers, questionId));
  if (value === undefined || (Array.isArray(value) && value.length === 0)) delete next[questionId];
  else next[questionId] = value;
  if (q.textKey && !answerValues(next, questionId).includes(OTHER_ANSWER)) delete next[q.textKey];
  if (JSON.stringify(answerValues(next, questionId)) !== before) {
    for (const dependent of dependentsOf(questionId)) clearAnswer(next, dependent);
  }
  return next;
}

/** SPEC §5: the write-in text of a question's 'other' answer (an empty text unsets it). */
export function setAnswerText(
  answers: IncidentDetails,
  textKey: 'categoryText' | 'targetText',
  text: string,
): IncidentDetails {
  const next: IncidentDetails = { ...answers };
  if (text === '') delete next[textKey];
  else next[textKey] = text;
  return next;
}

/** Whether an 'other' answer still lacks its write-in (SPEC §5: answers of 'other' need details text). */
export function lacksWriteIn(answers: IncidentDetails, question: IncidentQuestion): boolean {
  const { textKey } = question;
  return (
    textKey !== null && answerValues(answers, question.id).includes(OTHER_ANSWER) && !answers[textKey]?.trim()
  );
}

/**
 * SPEC §5 Alert reason editor: the applicable questions not yet answered, in order — no choice, or
 * an 'other' without its write-in. The server refuses naming the first; the console marks them all.
 */
export function unansweredQuestions(answers: IncidentDetails): IncidentQuestionId[] {
  return applicableQuestions(answers)
    .filter((q) => answerValues(answers, q.id).length === 0 || lacksWriteIn(answers, q))
    .map((q) => q.id);
}

/** A refusal of the questionnaire names the first question at fault, for the console to point at. */
export type ReasonDetailsVerdict =
  { ok: true; value: IncidentDetails } | { ok: false; reason: string; questionId?: IncidentQuestionId };

/**
 * SPEC §5 Alert reason editor: every applicable question answered, and each 'other' answer with its
 * write-in, else 'Please answer all questions' (SPEC's one message; `questionId` says which). The
 * value is normalised for storage: unasked answers and unused write-ins dropped, texts trimmed,
 * targets deduplicated. A shape the questionnaire cannot produce is refused as not valid.
 */
export function validateReasonDetails(input: unknown): ReasonDetailsVerdict {
  const parsed = incidentDetailsSchema.safeParse(input ?? {});
  if (!parsed.success) return { ok: false, reason: INVALID_REASON_DETAILS_REASON };
  const answers = parsed.data;
  const [unanswered] = unansweredQuestions(answers);
  if (unanswered) return { ok: false, reason: ANSWER_ALL_QUESTIONS_REASON, questionId: unanswered };
  const value: IncidentDetails = {};
  for (const q of applicableQuestions(answers)) {
    const chosen = answerValues(answers, q.id);
    Object.assign(value, { [q.id]: q.multiple ? [...new Set(chosen)] : chosen[0] });
    if (q.textKey && chosen.includes(OTHER_ANSWER)) value[q.textKey] = answers[q.textKey]!.trim();
  }
  return { ok: true, value };
}

/** A close as the server stores it. */
export type AlertClose = {
  reasonCode: AlertReasonCode;
  reasonText: string | null;
  reasonDetails: IncidentDetails | null;
};

/** validateAlertClose's verdict: the close to store, or why not (and which question, for details). */
export type AlertCloseVerdict =
  { ok: true; value: AlertClose } | { ok: false; reason: string; questionId?: IncidentQuestionId };

/**
 * SPEC §4 Alerts, §5 Alert reason editor: a close needs a catalogue reason; an 'other' reason needs
 * text; with the zone's reasonDetails flag on, a reason that asks details needs a complete
 * questionnaire. Details are otherwise ignored (stored as null), not refused: a console whose flag
 * is stale must still be able to close an alert. Text is kept (trimmed) for any reason as a note.
 */
export function validateAlertClose(
  input: { reasonCode: string; reasonText?: string | null; reasonDetails?: unknown },
  context: { reasonDetailsFlag: boolean },
): AlertCloseVerdict {
  const reason = reasonByCode(input.reasonCode);
  if (!reason) return { ok: false, reason: UNKNOWN_REASON_CODE_REASON };
  const reasonText = input.reasonText?.trim() || null;
  if (reason.needsText && reasonText === null) return { ok: false, reason: REASON_TEXT_REQUIRED_REASON };
  if (!context.reasonDetailsFlag || !reason.asksDetails) {
    return { ok: true, value: { reasonCode: reason.code, reasonText, reasonDetails: null } };
  }
  const details = validateReasonDetails(input.reasonDetails);
  if (!details.ok) return details;
  return { ok: true, value: { reasonCode: reason.code, reasonText, reasonDetails: details.value } };
}
