import { describe, it, expect } from 'vitest';
import {
  applicableQuestions,
  setAnswer,
  setAnswerText,
  unansweredQuestions,
  validateAlertClose,
  validateReasonDetails,
  type IncidentDetails,
} from './incident-details';

const complete: IncidentDetails = { category: 'verbal', source: 'patient', injury: 'no' };
const all = 'Please answer all questions';

describe('applicableQuestions (SPEC §5 Incident reason details: target only if injury is yes)', () => {
  it.each([
    ['no answers', {}, ['category', 'source', 'injury']],
    ['injury no', { injury: 'no' }, ['category', 'source', 'injury']],
    ['injury unknown', { injury: 'unknown' }, ['category', 'source', 'injury']],
    ['injury yes', { injury: 'yes' }, ['category', 'source', 'injury', 'target']],
  ])('%s → %j', (_case, answers, ids) => {
    expect(applicableQuestions(answers as IncidentDetails).map((q) => q.id)).toEqual(ids);
  });
});

describe('setAnswer (SPEC §5 Alert reason editor: changing a dependency clears dependent answers)', () => {
  const injured: IncidentDetails = {
    ...complete,
    injury: 'yes',
    target: ['employee', 'other'],
    targetText: 'contractor',
  };
  it.each([
    ['injury yes → no clears target and its text', injured, 'injury', 'no', { ...complete, injury: 'no' }],
    ['injury yes → yes keeps target', injured, 'injury', 'yes', injured],
    ['injury unset clears target', injured, 'injury', undefined, { category: 'verbal', source: 'patient' }],
    [
      'target without other drops its text',
      injured,
      'target',
      ['employee'],
      { ...injured, target: ['employee'], targetText: undefined },
    ],
    ['target [] unsets it', injured, 'target', [], { ...complete, injury: 'yes', targetText: undefined }],
    [
      'category other → verbal drops categoryText',
      { category: 'other', categoryText: 'x' },
      'category',
      'verbal',
      { category: 'verbal' },
    ],
    [
      'category other keeps categoryText',
      { category: 'other', categoryText: 'x' },
      'category',
      'other',
      { category: 'other', categoryText: 'x' },
    ],
    ['source changes nothing else', injured, 'source', 'visitor', { ...injured, source: 'visitor' }],
  ] as const)('%s', (_case, answers, id, value, expected) => {
    const next = setAnswer(answers, id, value as never);
    expect(next).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('does not change the answers it was given', () => {
    const before = structuredClone(injured);
    setAnswer(injured, 'injury', 'no');
    expect(injured).toEqual(before);
  });

  it('sets and unsets a write-in', () => {
    expect(setAnswerText({ category: 'other' }, 'categoryText', 'fire')).toEqual({
      category: 'other',
      categoryText: 'fire',
    });
    expect(setAnswerText({ category: 'other', categoryText: 'fire' }, 'categoryText', '')).toEqual({
      category: 'other',
    });
  });
});

describe('validateReasonDetails (SPEC §5: every applicable question answered, else "Please answer all questions")', () => {
  it.each([
    ['nothing answered', {}, { ok: false, reason: all, questionId: 'category' }],
    ['null', null, { ok: false, reason: all, questionId: 'category' }],
    [
      'source missing',
      { category: 'verbal', injury: 'no' },
      { ok: false, reason: all, questionId: 'source' },
    ],
    ['complete, no injury', complete, { ok: true, value: complete }],
    [
      'injury unknown needs no target',
      { ...complete, injury: 'unknown' },
      { ok: true, value: { ...complete, injury: 'unknown' } },
    ],
    [
      'injury yes without target',
      { ...complete, injury: 'yes' },
      { ok: false, reason: all, questionId: 'target' },
    ],
    [
      'injury yes with empty target',
      { ...complete, injury: 'yes', target: [] },
      { ok: false, reason: all, questionId: 'target' },
    ],
    [
      'injury yes with targets (deduplicated)',
      { ...complete, injury: 'yes', target: ['self', 'patient', 'self'] },
      { ok: true, value: { ...complete, injury: 'yes', target: ['self', 'patient'] } },
    ],
    [
      'category other without text',
      { ...complete, category: 'other' },
      { ok: false, reason: all, questionId: 'category' },
    ],
    [
      'category other with blank text',
      { ...complete, category: 'other', categoryText: '  ' },
      { ok: false, reason: all, questionId: 'category' },
    ],
    [
      'category other with text (trimmed)',
      { ...complete, category: 'other', categoryText: ' fire ' },
      { ok: true, value: { ...complete, category: 'other', categoryText: 'fire' } },
    ],
    [
      'target other without text',
      { ...complete, injury: 'yes', target: ['other'] },
      { ok: false, reason: all, questionId: 'target' },
    ],
    [
      'target other with text',
      { ...complete, injury: 'yes', target: ['other'], targetText: 'guard' },
      { ok: true, value: { ...complete, injury: 'yes', target: ['other'], targetText: 'guard' } },
    ],
    [
      'unasked target and unused text are dropped',
      { ...complete, target: ['self'], categoryText: 'x' },
      { ok: true, value: complete },
    ],
    [
      'unknown option',
      { ...complete, category: 'fire' },
      { ok: false, reason: 'The incident details are not valid' },
    ],
    [
      'unknown key',
      { ...complete, mood: 'bad' },
      { ok: false, reason: 'The incident details are not valid' },
    ],
    ['not an object', 'verbal', { ok: false, reason: 'The incident details are not valid' }],
  ])('%s', (_case, input, expected) => {
    expect(validateReasonDetails(input)).toEqual(expected);
  });
});

describe('validateAlertClose (SPEC §4 Alerts, §5 Alert reason editor)', () => {
  const on = { reasonDetailsFlag: true };
  const off = { reasonDetailsFlag: false };
  it.each([
    ['unknown code', { reasonCode: 'resolved' }, off, { ok: false, reason: 'Please choose a reason' }],
    [
      'ignored_false_alarm',
      { reasonCode: 'ignored_false_alarm' },
      on,
      { ok: true, value: { reasonCode: 'ignored_false_alarm', reasonText: null, reasonDetails: null } },
    ],
    [
      'test',
      { reasonCode: 'test' },
      on,
      { ok: true, value: { reasonCode: 'test', reasonText: null, reasonDetails: null } },
    ],
    [
      'ignored_other without text',
      { reasonCode: 'ignored_other' },
      off,
      { ok: false, reason: 'Please describe the reason' },
    ],
    [
      'ignored_other with blank text',
      { reasonCode: 'ignored_other', reasonText: '   ' },
      off,
      { ok: false, reason: 'Please describe the reason' },
    ],
    [
      'ignored_other with text',
      { reasonCode: 'ignored_other', reasonText: ' drill ' },
      off,
      { ok: true, value: { reasonCode: 'ignored_other', reasonText: 'drill', reasonDetails: null } },
    ],
    [
      'resolved_other without text, flag off',
      { reasonCode: 'resolved_other', reasonText: null },
      off,
      { ok: false, reason: 'Please describe the reason' },
    ],
    [
      'resolved, flag off, no details',
      { reasonCode: 'resolved_assistance_provided' },
      off,
      {
        ok: true,
        value: { reasonCode: 'resolved_assistance_provided', reasonText: null, reasonDetails: null },
      },
    ],
    [
      'resolved, flag off, details ignored',
      { reasonCode: 'resolved_assistance_provided', reasonDetails: { category: 'fire' } },
      off,
      {
        ok: true,
        value: { reasonCode: 'resolved_assistance_provided', reasonText: null, reasonDetails: null },
      },
    ],
    [
      'resolved, flag on, no details',
      { reasonCode: 'resolved_incident_handled' },
      on,
      { ok: false, reason: all, questionId: 'category' },
    ],
    [
      'resolved, flag on, incomplete',
      { reasonCode: 'resolved_incident_handled', reasonDetails: { ...complete, injury: 'yes' } },
      on,
      { ok: false, reason: all, questionId: 'target' },
    ],
    [
      'resolved, flag on, complete',
      { reasonCode: 'resolved_incident_handled', reasonDetails: complete },
      on,
      {
        ok: true,
        value: { reasonCode: 'resolved_incident_handled', reasonText: null, reasonDetails: complete },
      },
    ],
    [
      'resolved_other, flag on, text but no details',
      { reasonCode: 'resolved_other', reasonText: 'x' },
      on,
      { ok: false, reason: all, questionId: 'category' },
    ],
    [
      'resolved_other, flag on, no text is checked first',
      { reasonCode: 'resolved_other', reasonDetails: complete },
      on,
      { ok: false, reason: 'Please describe the reason' },
    ],
    [
      'ignored reason, flag on, details dropped',
      { reasonCode: 'ignored_accidental_press', reasonDetails: complete },
      on,
      { ok: true, value: { reasonCode: 'ignored_accidental_press', reasonText: null, reasonDetails: null } },
    ],
  ])('%s', (_case, input, context, expected) => {
    expect(validateAlertClose(input, context)).toEqual(expected);
  });
});

describe('unansweredQuestions (SPEC §5 Alert reason editor)', () => {
  it.each<[string, IncidentDetails, string[]]>([
    ['nothing answered', {}, ['category', 'source', 'injury']],
    ['injured, nobody named', { category: 'verbal', source: 'patient', injury: 'yes' }, ['target']],
    ["'other' without its write-in", { category: 'other', source: 'patient', injury: 'no' }, ['category']],
    [
      "'other' with a blank write-in",
      { category: 'other', categoryText: '  ', injury: 'no' },
      ['category', 'source'],
    ],
    ['everything', { category: 'other', categoryText: 'Smoke', source: 'visitor', injury: 'no' }, []],
  ])('%s', (_, answers, expected) => {
    expect(unansweredQuestions(answers)).toEqual(expected);
  });
});
