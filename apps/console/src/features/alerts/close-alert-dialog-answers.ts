import {
  INCIDENT_QUESTION_IDS,
  applicableQuestions,
  unansweredQuestions,
  type IncidentDetails,
  type IncidentQuestion,
  type IncidentQuestionId,
} from '@vigil/domain';
import { ApiError } from '../../api/errors';

/** The field of a refused close that names a question (the server's `reasonDetails.<questionId>`). */
const QUESTION_FIELD = /^reasonDetails\.(\w+)$/;

/** The question a server's 400 names in its field (`reasonDetails.<questionId>`), if any. */
export function refusedQuestion(error: unknown): IncidentQuestionId | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const id = QUESTION_FIELD.exec(error.field ?? '')?.[1];
  return INCIDENT_QUESTION_IDS.find((known) => known === id);
}

function sameAnswer(before: IncidentDetails, after: IncidentDetails, question: IncidentQuestion): boolean {
  const answerOf = (answers: IncidentDetails) =>
    JSON.stringify([answers[question.id], question.textKey && answers[question.textKey]]);
  return answerOf(before) === answerOf(after);
}

/**
 * The marks that stay after the answers change: a mark goes once its question is answered, or is
 * no longer asked. A question the server refused stays marked until the user changes its answer.
 */
export function remainingMarks(
  marks: readonly IncidentQuestionId[],
  before: IncidentDetails,
  after: IncidentDetails,
): IncidentQuestionId[] {
  const asked = applicableQuestions(after);
  const open = unansweredQuestions(after);
  return marks.filter((id) => {
    const question = asked.find((q) => q.id === id);
    return question !== undefined && (open.includes(id) || sameAnswer(before, after, question));
  });
}
