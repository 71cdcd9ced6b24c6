import { INCIDENT_QUESTIONS, type IncidentQuestionId } from '@vigil/domain';

/**
 * SPEC §5's incident answers in the order the rollups count them: the questionnaire's questions
 * and options in order (migration 0016's analytics_details_unit writes the same list; the tests
 * check that the two agree).
 */
export const DETAIL_ANSWERS: readonly { question: IncidentQuestionId; value: string }[] =
  INCIDENT_QUESTIONS.flatMap((q) => q.options.map((o) => ({ question: q.id, value: o.value })));
