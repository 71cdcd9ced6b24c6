import type { Ref } from 'react';
import { Checkbox, Group, Radio, Stack, TextInput, Title } from '@mantine/core';
import {
  OTHER_ANSWER,
  applicableQuestions,
  setAnswer,
  setAnswerText,
  type IncidentDetails,
  type IncidentQuestion,
  type IncidentQuestionId,
} from '@vigil/domain';
import { lacksWriteIn } from '@vigil/domain';

/** The error text of a marked question, beside SPEC §5's general 'Please answer all questions'. */
export const ANSWER_THIS_QUESTION = 'Please answer this question';

export type ReasonDetailsQuestionsProps = {
  answers: IncidentDetails;
  onChange: (answers: IncidentDetails) => void;
  /** The questions marked unanswered (by the dialog's check or the server's refusal). */
  invalid: readonly IncidentQuestionId[];
  /** The section, for the dialog to move the focus to the first marked input. */
  ref?: Ref<HTMLDivElement>;
};

/**
 * SPEC §5 Incident reason details, rendered from the domain's questionnaire: the questions that
 * apply to the answers so far; changing an answer clears the answers that depended on it. A marked
 * question shows its error and its inputs are aria-invalid.
 */
export function ReasonDetailsQuestions({ answers, onChange, invalid, ref }: ReasonDetailsQuestionsProps) {
  return (
    <Stack ref={ref} gap="sm" component="section" aria-labelledby="incident-details-title">
      <Title order={3} size="h5" id="incident-details-title">
        Incident details
      </Title>
      {applicableQuestions(answers).map((question) => (
        <Question
          key={question.id}
          question={question}
          answers={answers}
          onChange={onChange}
          invalid={invalid.includes(question.id)}
        />
      ))}
    </Stack>
  );
}

type QuestionProps = {
  question: IncidentQuestion;
  answers: IncidentDetails;
  onChange: (answers: IncidentDetails) => void;
  invalid: boolean;
};

function Question({ question, answers, onChange, invalid }: QuestionProps) {
  const value = answers[question.id];
  const chosen = value === undefined ? [] : typeof value === 'string' ? [value] : value;
  const answer = (next: string | string[]) => onChange(setAnswer(answers, question.id, next as never));
  // A marked 'other' answer lacks only its write-in: the write-in is at fault, not the choice.
  const writeInMissing = invalid && lacksWriteIn(answers, question);
  const choiceInvalid = invalid && !writeInMissing;
  const optionProps = { error: choiceInvalid, 'aria-invalid': choiceInvalid || undefined };
  const options = question.options.map((o) =>
    question.multiple ? (
      <Checkbox key={o.value} value={o.value} label={o.label} {...optionProps} />
    ) : (
      <Radio key={o.value} value={o.value} label={o.label} {...optionProps} />
    ),
  );
  const groupProps = {
    label: question.label,
    error: choiceInvalid ? ANSWER_THIS_QUESTION : undefined,
    withAsterisk: true,
  };
  const textKey = question.textKey;

  return (
    <Stack gap={6}>
      {question.multiple ? (
        <Checkbox.Group {...groupProps} value={[...chosen]} onChange={answer}>
          <Group mt={6}>{options}</Group>
        </Checkbox.Group>
      ) : (
        <Radio.Group {...groupProps} value={chosen[0] ?? null} onChange={answer}>
          <Group mt={6}>{options}</Group>
        </Radio.Group>
      )}
      {textKey && chosen.includes(OTHER_ANSWER) && (
        <TextInput
          label="Please specify"
          aria-label={`Please specify: ${question.label}`}
          value={answers[textKey] ?? ''}
          onChange={(event) => onChange(setAnswerText(answers, textKey, event.currentTarget.value))}
          error={writeInMissing ? ANSWER_THIS_QUESTION : undefined}
          withAsterisk
        />
      )}
    </Stack>
  );
}
