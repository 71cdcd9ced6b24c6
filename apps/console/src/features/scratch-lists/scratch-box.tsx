import { useState } from 'react';
import { Alert, Button, Group, List, Paper, Stack, Text, Textarea } from '@mantine/core';
import { parseScratchInput, readScratchId, type ScratchListKind } from '@vigil/domain';
import { messages } from '../../api/messages';
import { useAddToScratchList } from '../../api/scratch-lists';
import { ScanInput } from '../../ui/scanner/scan-input';
import { useKeyboardScanner } from '../../ui/scanner/use-keyboard-scanner';
import { SCRATCH_KINDS, countOf } from './scratch-kinds';

/** What one add did, as the person is told: counts, then every entry that was not added and why. */
type AddReport =
  { added: number; already: number; unreadable: string[]; unknown: string[] } | { error: string };

const SHOWN = 20;
const listed = (entries: string[]) =>
  entries.length <= SHOWN ? entries : [...entries.slice(0, SHOWN), `and ${entries.length - SHOWN} more`];

function Report({ kind, report }: { kind: ScratchListKind; report: AddReport }) {
  if ('error' in report) {
    return (
      <Alert color="red" role="alert" title="Nothing was added">
        {report.error}
      </Alert>
    );
  }
  const left = report.unreadable.length + report.unknown.length;
  const counts = [
    `${countOf(kind, report.added)} added`,
    report.already ? `${report.already.toLocaleString('en-US')} already on the list` : '',
  ].filter(Boolean);
  return (
    <Alert color={left ? 'yellow' : 'green'} role="status" title={`${counts.join(', ')}.`}>
      <Stack gap="xs">
        {report.unreadable.length > 0 && (
          <div>
            <Text size="sm">Not device ids (a MAC or a QR code):</Text>
            <List size="sm" ff="monospace" aria-label="Not device ids">
              {listed(report.unreadable).map((entry) => (
                <List.Item key={entry}>{entry}</List.Item>
              ))}
            </List>
          </div>
        )}
        {report.unknown.length > 0 && (
          <div>
            <Text size="sm">{`Not ${SCRATCH_KINDS[kind].many} of this organisation:`}</Text>
            <List size="sm" ff="monospace" aria-label={`Unknown ${SCRATCH_KINDS[kind].many}`}>
              {listed(report.unknown).map((entry) => (
                <List.Item key={entry}>{entry}</List.Item>
              ))}
            </List>
          </div>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * Filling a scratch list (issue 22): a pasted column of ids (SPEC §5: MACs in any of their forms,
 * or QR codes' contents), one id typed or scanned into the field, or a hand-held scanner used
 * anywhere outside a text field. Every entry that is not added is named with the reason.
 */
export function ScratchBox({ kind }: { kind: ScratchListKind }) {
  const add = useAddToScratchList(kind);
  const [text, setText] = useState('');
  const [report, setReport] = useState<AddReport | null>(null);

  async function addIds(ids: string[], unreadable: string[]) {
    if (ids.length === 0) {
      setReport({ added: 0, already: 0, unreadable, unknown: [] });
      return false;
    }
    try {
      const result = await add.mutateAsync(ids);
      setReport({ ...result, unreadable });
      return true;
    } catch (error) {
      setReport({ error: messages.couldNotAdd(error) });
      return false;
    }
  }

  function addOne(entry: string) {
    const read = readScratchId(entry);
    void addIds(read.ok ? [read.value] : [], read.ok ? [] : [entry.trim()]);
  }

  async function addPasted() {
    const { ids, unreadable } = parseScratchInput(text);
    if (await addIds(ids, unreadable)) setText('');
  }

  useKeyboardScanner(addOne, { enabled: !add.isPending });

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <ScanInput label={`Scan or type a ${SCRATCH_KINDS[kind].one} id`} onScan={addOne} autoFocus />
        <Textarea
          label="Paste many ids"
          description="One per line, or separated by commas, spaces or tabs: 12 hex characters, six pairs joined by ':' or '-', or a QR code's text."
          rows={6}
          resize="vertical"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          spellCheck={false}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Group>
          <Button onClick={() => void addPasted()} disabled={!text.trim()} loading={add.isPending}>
            Add to list
          </Button>
        </Group>
        {report && <Report kind={kind} report={report} />}
      </Stack>
    </Paper>
  );
}
