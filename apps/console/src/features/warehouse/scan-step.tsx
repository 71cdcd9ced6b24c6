import { memo, useCallback, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import type { ScanAnswer, ScanStep as Step } from '@vigil/domain';
import { warehouseKeys, warehouseQueries } from '../../api/warehouse';
import { beepRefused } from '../../ui/scanner/beep';
import { QrScanner } from '../../ui/scanner/qr-scanner';
import { ScanInput } from '../../ui/scanner/scan-input';
import { useKeyboardScanner } from '../../ui/scanner/use-keyboard-scanner';
import { useScanQueue, type ScanBody } from './scan-queue';

// Issue 22: the scan field every factory and warehouse step shares (docs/WAREHOUSE.md "The scan
// call"). A scan gets its idempotency key at once and joins the step's persistent queue; each
// answer joins a running log, newest first: what was understood, what changed, what comes next.

/** The kiosk camera reads box labels (Code 128) and the devices' QR codes. */
const CAMERA_FORMATS = ['code_128', 'qr_code'] as const;

/** How many answers the log keeps. */
export const SCAN_LOG_SIZE = 20;

type LogEntry = { key: string; text: string; answer?: ScanAnswer; error?: string };

/** Badge colours dark enough for white text at the badge's size (WCAG AA 4.5:1). */
export const DONE_GREEN = '#1b5e20';
const REFUSED_RED = '#a51d1d';

const OUTCOME: Record<ScanAnswer['changed']['outcome'], { label: string; color: string }> = {
  changed: { label: 'Done', color: DONE_GREEN },
  nothing: { label: 'Already done', color: 'gray.7' },
  refused: { label: 'Refused', color: REFUSED_RED },
};

export type ScanStepProps = {
  step: Step;
  /** The body of a scan of `text` (the step's own fields: SKU, order, decision); default step and text. */
  makeRequest?: (text: string, idempotencyKey: string) => ScanBody;
  /** Each answer, after the log has it (a label to print, an order's progress). */
  onAnswer?: (answer: ScanAnswer) => void;
  /** False while the screen still needs a choice before scanning (the scan field is hidden). */
  enabled?: boolean;
  /** Said instead of the scan field while not enabled. */
  disabledText?: string;
  label?: string;
  retryMs?: number;
  children?: ReactNode;
};

/**
 * A step's scan field, its queue ("N scans waiting") and its log of answers. Another step is another
 * queue and log: the screen switching steps at the same place gets a fresh one.
 */
export function ScanStep(props: ScanStepProps) {
  return <StepScanner key={props.step} {...props} />;
}

function StepScanner({
  step,
  makeRequest,
  onAnswer,
  enabled = true,
  disabledText,
  label = 'Scan or type a label or device id',
  retryMs,
  children,
}: ScanStepProps) {
  const client = useQueryClient();
  const state = useQuery(warehouseQueries.step(step));
  const [log, setLog] = useState<LogEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  const add = (entry: LogEntry) => setLog((old) => [entry, ...old].slice(0, SCAN_LOG_SIZE));

  const { enqueue, waiting, retrying } = useScanQueue(step, {
    retryMs,
    onAnswer: (answer, scan) => {
      add({ key: scan.idempotencyKey, text: scan.text, answer });
      // The queue beeped when the scan was taken; a refusal sounds again, lower, and twice.
      if (answer.changed.outcome === 'refused' && !answer.repeat) beepRefused();
      setNext(answer.next);
      if (answer.order)
        client.setQueryData(warehouseKeys.step(step), (old) => old && { ...old, order: answer.order });
      onAnswer?.(answer);
    },
    onDrop: (reason, scan) => add({ key: scan.idempotencyKey, text: scan.text, error: reason }),
  });

  const scan = useCallback(
    (text: string) => {
      const key = crypto.randomUUID();
      enqueue(makeRequest ? makeRequest(text, key) : ({ step, text, idempotencyKey: key } as ScanBody));
    },
    [enqueue, makeRequest, step],
  );
  useKeyboardScanner(scan, { enabled });

  const nextText = next ?? state.data?.next;
  return (
    <Stack gap="md">
      {nextText && (
        <Paper withBorder p="md" bg="blue.0" role="status" aria-label="Next">
          <Text fw={700} size="xl">
            Next: {nextText}
          </Text>
        </Paper>
      )}
      {state.isError && (
        <Alert color="red" variant="light" role="alert">
          <Text c="black">Could not read this step’s state: {state.error.message}</Text>
        </Alert>
      )}
      {children}
      {enabled ? (
        <Stack gap="sm">
          <ScanInput onScan={scan} label={label} autoFocus={nothingFocused()} />
          <Group>
            <Button
              variant="default"
              size="lg"
              aria-pressed={camera}
              leftSection={camera ? <IconCameraOff aria-hidden /> : <IconCamera aria-hidden />}
              onClick={() => setCamera((on) => !on)}
            >
              {camera ? 'Stop the camera' : 'Scan with the camera'}
            </Button>
          </Group>
          {camera && <QrScanner onScan={scan} formats={CAMERA_FORMATS} label="Camera scanner" />}
        </Stack>
      ) : (
        disabledText && <Text size="lg">{disabledText}</Text>
      )}
      {waiting > 0 && (
        <Text role="status" fw={700} size="lg">
          {waiting === 1 ? '1 scan waiting' : `${waiting} scans waiting`}
          {retrying && ` (sending again: ${retrying})`}
        </Text>
      )}
      <ScanLog log={log} />
    </Stack>
  );
}

/** Whether no field has the focus: a scan field appearing then takes it, never from notes being typed. */
function nothingFocused(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

/**
 * The answers so far, newest first. Memoised: at 10 scans a second the step re-renders for every
 * scan taken (the waiting count) and every key of the field; the log redraws only when it changes.
 */
const ScanLog = memo(function ScanLog({ log }: { log: readonly LogEntry[] }) {
  if (log.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Scans">
      <Title order={2} size="h3">
        Scans
      </Title>
      <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {log.map((entry) => (
          <ScanLogItem key={entry.key} entry={entry} />
        ))}
      </Stack>
    </Stack>
  );
});

function ScanLogItem({ entry }: { entry: LogEntry }) {
  const { answer, error } = entry;
  const outcome = answer ? OUTCOME[answer.changed.outcome] : { label: 'Not sent', color: REFUSED_RED };
  return (
    <Paper component="li" withBorder p="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Badge size="lg" variant="filled" color={outcome.color} style={{ flexShrink: 0 }}>
          {outcome.label}
        </Badge>
        <Stack gap={2}>
          <Text fw={700}>{answer ? answer.understood.text : entry.text}</Text>
          <Text>{answer ? answer.changed.text : error}</Text>
          {answer && <Text c="gray.8">Next: {answer.next}</Text>}
        </Stack>
      </Group>
    </Paper>
  );
}
