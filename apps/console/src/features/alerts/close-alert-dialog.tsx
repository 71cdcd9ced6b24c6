import { useEffect, useRef, useState } from 'react';
import { NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ALERT_CLOSE_KINDS,
  ALERT_REASONS,
  ANSWER_ALL_QUESTIONS_REASON,
  REASON_TEXT_MAX,
  reasonByCode,
  unansweredQuestions,
  validateAlertClose,
  type Alert,
  type IncidentDetails,
  type IncidentQuestionId,
  alertLocationPath,
  alertPersonName,
} from '@vigil/domain';
import { useCloseAlert } from '../../api/alerts';
import { reasonOf } from '../../api/errors';
import { EditModal } from '../../ui/edit-modal';
import { refusedQuestion, remainingMarks } from './close-alert-dialog-answers';
import { ReasonDetailsQuestions } from './close-alert-dialog-questions';

const KIND_TITLES = { resolved: 'Resolved', ignored: 'Ignored', test: 'Test' } as const;
const REASON_OPTIONS = [
  { value: '', label: 'Choose a reason', disabled: true },
  ...ALERT_CLOSE_KINDS.map((kind) => ({
    group: KIND_TITLES[kind],
    items: ALERT_REASONS.filter((r) => r.kind === kind).map((r) => ({ value: r.code, label: r.label })),
  })),
];

type Fault = 'reason' | 'text' | null;

export type CloseAlertDialogProps = {
  alert: Alert;
  /** The zone's reasonDetails flag: resolved reasons then ask the incident details (SPEC §5). */
  reasonDetailsFlag: boolean;
  onClose: () => void;
};

/** SPEC §5 Alert reason editor: close an alert with a reason, its text, and the incident details. */
export function CloseAlertDialog({ alert, reasonDetailsFlag, onClose }: CloseAlertDialogProps) {
  const closeAlert = useCloseAlert();
  const [reasonCode, setReasonCode] = useState('');
  const [reasonText, setReasonText] = useState('');
  const [answers, setAnswers] = useState<IncidentDetails>({});
  // The server checks the alert's own zone: when it asks for details this console did not offer, offer them.
  const [askDetails, setAskDetails] = useState(reasonDetailsFlag);
  const [fault, setFault] = useState<Fault>(null);
  const questions = useQuestionMarks(answers);
  const reason = reasonByCode(reasonCode);

  async function submit() {
    const verdict = validateAlertClose(
      { reasonCode, reasonText, reasonDetails: answers },
      { reasonDetailsFlag: askDetails },
    );
    if (!verdict.ok) {
      setFault(verdict.questionId ? null : reason ? 'text' : 'reason');
      if (verdict.questionId) questions.mark([]);
      throw new Error(verdict.reason);
    }
    setFault(null);
    try {
      await closeAlert.mutateAsync({ id: alert.id, ...verdict.value });
    } catch (err) {
      onRefused(err);
      throw err;
    }
    notifications.show({ color: 'green', message: `Alert for ${alertPersonName(alert)} closed` });
  }

  /** The server asks for details this console did not ask, or names the question it refuses. */
  function onRefused(err: unknown) {
    const questionId = refusedQuestion(err);
    if (questionId || reasonOf(err) === ANSWER_ALL_QUESTIONS_REASON) setAskDetails(true);
    if (questionId) questions.mark([questionId]);
  }

  return (
    <EditModal opened onClose={onClose} title="Close alert" onSubmit={submit} size="lg">
      <Stack gap="md">
        <Text size="sm">
          {alertPersonName(alert)} at {alertLocationPath(alert.location)}
        </Text>
        <NativeSelect
          label="Reason"
          data={REASON_OPTIONS}
          value={reasonCode}
          onChange={(event) => setReasonCode(event.currentTarget.value)}
          error={fault === 'reason'}
          withAsterisk
        />
        <Textarea
          label={reason?.needsText ? 'Details' : 'Note'}
          description={reason?.needsText ? 'Describe the reason' : 'Optional'}
          value={reasonText}
          onChange={(event) => setReasonText(event.currentTarget.value)}
          maxLength={REASON_TEXT_MAX}
          rows={3}
          error={fault === 'text'}
          withAsterisk={reason?.needsText}
        />
        {askDetails && reason?.asksDetails && (
          <ReasonDetailsQuestions
            ref={questions.ref}
            answers={answers}
            onChange={(next) => {
              questions.update(next);
              setAnswers(next);
            }}
            invalid={questions.marks}
          />
        )}
      </Stack>
    </EditModal>
  );
}

/**
 * The questions marked unanswered: a failed check marks every unanswered one (plus any the server
 * named) and moves the focus to the first marked input; answering a question clears its mark.
 */
function useQuestionMarks(answers: IncidentDetails) {
  const ref = useRef<HTMLDivElement>(null);
  const [marks, setMarks] = useState<IncidentQuestionId[]>([]);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest === 0) return;
    ref.current?.querySelector<HTMLElement>('input[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  return {
    ref,
    marks,
    /** Marks the unanswered questions and the given ones, then focuses the first. */
    mark(also: readonly IncidentQuestionId[]) {
      const unanswered = unansweredQuestions(answers);
      setMarks([...unanswered, ...also.filter((id) => !unanswered.includes(id))]);
      setFocusRequest((n) => n + 1);
    },
    update(next: IncidentDetails) {
      setMarks((current) => remainingMarks(current, answers, next));
    },
  };
}
