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

export type IncidentQuestionsProps = {
  answers: IncidentDetails;
  onChange: (answers: IncidentDetails) => void;
  /** The question the last check found unanswered. */
  invalid?: IncidentQuestionId;
};

/**
 * SPEC §5 Incident reason details, rendered from the domain's questionnaire: the questions that
 * apply to the answers so far; changing an answer clears the answers that depended on it.
 */
export function IncidentQuestions({ answers, onChange, invalid }: IncidentQuestionsProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="incident-details-title">
      <Title order={3} size="h5" id="incident-details-title">
        Incident details
      </Title>
      {applicableQuestions(answers).map((question) => (
        <Question
          key={question.id}
          question={question}
          answers={answers}
          onChange={onChange}
          invalid={invalid === question.id}
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
  const options = question.options.map((o) =>
    question.multiple ? (
      <Checkbox key={o.value} value={o.value} label={o.label} />
    ) : (
      <Radio key={o.value} value={o.value} label={o.label} />
    ),
  );
  const textKey = question.textKey;

  return (
    <Stack gap={6}>
      {question.multiple ? (
        <Checkbox.Group
          label={question.label}
          value={[...chosen]}
          onChange={answer}
          error={invalid}
          withAsterisk
        >
          <Group mt={6}>{options}</Group>
        </Checkbox.Group>
      ) : (
        <Radio.Group
          label={question.label}
          value={chosen[0] ?? null}
          onChange={answer}
          error={invalid}
          withAsterisk
        >
          <Group mt={6}>{options}</Group>
        </Radio.Group>
      )}
      {textKey && chosen.includes(OTHER_ANSWER) && (
        <TextInput
          label="Please specify"
          aria-label={`Please specify: ${question.label}`}
          value={answers[textKey] ?? ''}
          onChange={(event) => onChange(setAnswerText(answers, textKey, event.currentTarget.value))}
          error={invalid && !answers[textKey]?.trim()}
          withAsterisk
        />
      )}
    </Stack>
  );
}
