import { describe, expect, it } from 'vitest';
import type { IncidentDetails } from '@vigil/domain';
import { ApiError } from '../../api/errors';
import { refusedQuestion, remainingMarks } from './close-alert-dialog-answers';

describe('refusedQuestion', () => {
  it("reads the question from a 400's field reasonDetails.<questionId>", () => {
    const refusal = new ApiError(
      400,
      'Please answer all questions',
      'invalid_reason',
      'reasonDetails.target',
    );
    expect(refusedQuestion(refusal)).toBe('target');
  });

  it.each([
    new ApiError(400, 'Please describe the reason', 'invalid_reason', 'reasonText'),
    new ApiError(400, 'Nope', 'invalid_reason', 'reasonDetails.colour'),
    new ApiError(409, 'Closed', 'conflict', 'reasonDetails.category'),
    new Error('reasonDetails.category'),
  ])('names no question for %o', (error) => {
    expect(refusedQuestion(error)).toBeUndefined();
  });
});

describe('remainingMarks', () => {
  const before: IncidentDetails = { category: 'verbal', injury: 'yes' };

  it('drops the mark of a question once answered', () => {
    expect(remainingMarks(['source', 'target'], before, { ...before, source: 'patient' })).toEqual([
      'target',
    ]);
  });

  it('drops the mark of a question no longer asked', () => {
    expect(remainingMarks(['target'], before, { ...before, injury: 'no' })).toEqual([]);
  });

  it('keeps a mark the server gave an answered question until that answer changes', () => {
    expect(remainingMarks(['category'], before, { ...before, source: 'visitor' })).toEqual(['category']);
    expect(remainingMarks(['category'], before, { ...before, category: 'physical' })).toEqual([]);
  });
});
