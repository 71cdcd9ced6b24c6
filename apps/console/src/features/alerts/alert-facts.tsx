import { Text } from '@mantine/core';
import {
  INCIDENT_QUESTIONS,
  reasonByCode,
  type AlertDetail,
  alertLocationPath,
  alertModeLabel,
  alertPersonName,
  alertStatus,
  alertStatusText,
  dangerReasonLabel,
} from '@vigil/domain';
import { FactsList, type Fact } from '../../ui/facts-list';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : null);
const by = (actor: { name: string } | null, at: string | null) =>
  at ? `${actor?.name ?? 'System'}, ${when(at)}` : null;

/** An alert's facts as a description list: who, where, what, and who acknowledged and closed it. */
export function AlertFacts({ alert }: { alert: AlertDetail }) {
  const reason = reasonByCode(alert.reasonCode);
  const facts: Fact[] = [
    ['Person', alertPersonName(alert)],
    ['Tag', alert.tag.label ? `${alert.tag.label} (${alert.tag.id})` : alert.tag.id],
    ['Location', alertLocationPath(alert.location)],
    ['Mode', alertModeLabel(alert.mode)],
    ['Danger', alert.mode === 'danger' ? dangerReasonLabel(alert.dangerReason) : null],
    ['Status', alertStatusText(alertStatus(alert))],
    ['Presses', String(alert.pressCount)],
    ['Created', when(alert.createdAt)],
    ['Last press', alert.pressCount > 1 ? when(alert.lastPressAt) : null],
    ['Escalated', when(alert.escalatedAt)],
    [
      'Acknowledged',
      alert.acknowledged ? by(alert.acknowledgedBy, alert.acknowledgedAt) : 'Not acknowledged',
    ],
    ['Closed', by(alert.closedBy, alert.closedAt)],
    ['Reason', alert.reasonCode ? (reason?.label ?? alert.reasonCode) : null],
    ['Reason text', alert.reasonText],
    ['Incident details', alert.reasonDetails ? <IncidentAnswers details={alert.reasonDetails} /> : null],
  ];
  return <FactsList facts={facts} />;
}

/** SPEC §5 reason details, in the questionnaire's words. */
function IncidentAnswers({ details }: { details: Record<string, unknown> }) {
  const lines = INCIDENT_QUESTIONS.flatMap((q) => {
    const raw = details[q.id];
    const values = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? (raw as string[]) : [];
    if (values.length === 0) return [];
    const labels = values.map((v) => q.options.find((o) => o.value === v)?.label ?? v);
    const text = q.textKey ? details[q.textKey] : undefined;
    return [`${q.label} ${labels.join(', ')}${typeof text === 'string' ? ` (${text})` : ''}`];
  });
  return (
    <Text component="span" style={{ whiteSpace: 'pre-line' }}>
      {lines.join('\n')}
    </Text>
  );
}
