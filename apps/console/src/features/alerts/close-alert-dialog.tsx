import { useState } from 'react';
import { NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import {
  ALERT_CLOSE_KINDS,
  ALERT_REASONS,
  ANSWER_ALL_QUESTIONS_REASON,
  REASON_TEXT_MAX,
  reasonByCode,
  validateAlertClose,
  type Alert,
  type IncidentDetails,
  type IncidentQuestionId,
} from '@vigil/domain';
import { useCloseAlert } from '../../api/alerts';
import { reasonOf } from '../../api/errors';
import { alertLocationPath, alertPersonName } from '../../ui/alert-labels';
import { EditModal } from '../../ui/edit-modal';
import { IncidentQuestions } from './incident-questions';

const KIND_TITLES = { resolved: 'Resolved', ignored: 'Ignored', test: 'Test' } as const;
const REASON_OPTIONS = [
  { value: '', label: 'Choose a reason', disabled: true },
  ...ALERT_CLOSE_KINDS.map((kind) => ({
    group: KIND_TITLES[kind],
    items: ALERT_REASONS.filter((r) => r.kind === kind).map((r) => ({ value: r.code, label: r.label })),
  })),
];

type Fault = 'reason' | 'text' | IncidentQuestionId | null;

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
  const reason = reasonByCode(reasonCode);

  async function submit() {
    const verdict = validateAlertClose(
      { reasonCode, reasonText, reasonDetails: answers },
      { reasonDetailsFlag: askDetails },
    );
    if (!verdict.ok) {
      setFault(verdict.questionId ?? (reason ? 'text' : 'reason'));
      throw new Error(verdict.reason);
    }
    setFault(null);
    try {
      await closeAlert.mutateAsync({ id: alert.id, ...verdict.value });
    } catch (err) {
      if (reasonOf(err) === ANSWER_ALL_QUESTIONS_REASON) setAskDetails(true);
      throw err;
    }
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
          <IncidentQuestions
            answers={answers}
            onChange={setAnswers}
            invalid={fault !== 'reason' && fault !== 'text' ? (fault ?? undefined) : undefined}
          />
        )}
      </Stack>
    </EditModal>
  );
}
