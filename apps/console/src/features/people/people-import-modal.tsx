import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { importRowErrorSchema, type ImportRowError, type PeopleImportResult } from '@vigil/domain';
import { ApiError, reasonOf } from '../../api/errors';
import { messages } from '../../api/messages';
import { useImportPeople } from '../../api/people';

/** The most text the server takes in one import (peopleImportBodySchema). */
const MAX_FILE_BYTES = 5_000_000;

type Outcome =
  | { kind: 'done'; fileName: string; result: PeopleImportResult }
  | { kind: 'refused'; reason: string; rows: ImportRowError[] };

/** Reads the chosen file as text; a file that cannot be read is SPEC §8 'Could not load file: ...'. */
function readFile(file: File): Promise<string> {
  if (file.size > MAX_FILE_BYTES) return Promise.reject(new Error('the file is larger than 5 MB'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(new Error(reader.error?.message || 'the file could not be read'));
    reader.readAsText(file);
  });
}

function refusedRows(error: unknown): ImportRowError[] {
  const rows = error instanceof ApiError ? error.body?.rows : undefined;
  const parsed = importRowErrorSchema.array().safeParse(rows);
  return parsed.success ? parsed.data : [];
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * SPEC §5 People import: a CSV with name and personID columns. The server checks every row first
 * and writes nothing of a file it refuses; the refused rows are listed with their line numbers.
 */
export function PeopleImportModal({ onClose }: { onClose: () => void }) {
  const importPeople = useImportPeople();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    try {
      let csv: string;
      try {
        csv = await readFile(file);
      } catch (err) {
        setOutcome({ kind: 'refused', reason: messages.couldNotLoadFile(err), rows: [] });
        return;
      }
      try {
        const result = await importPeople.mutateAsync({ csv, fileName: file.name });
        setOutcome({ kind: 'done', fileName: file.name, result });
      } catch (err) {
        setOutcome({ kind: 'refused', reason: reasonOf(err), rows: refusedRows(err) });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title="Import people" size="lg">
      <Stack>
        <Text size="sm">
          Choose a CSV file with a header row naming a <b>name</b> and a <b>personID</b> column (an{' '}
          <b>email</b> column is optional). People are matched by personID: new ones are added, known ones
          updated. If any row is wrong, nothing is imported.
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a file"
          accept=".csv,text/csv"
          value={file}
          onChange={(f) => {
            setFile(f);
            setOutcome(null);
          }}
          clearable
        />
        {outcome?.kind === 'refused' && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Nothing was imported">
            <Stack gap="xs">
              <Text size="sm">{outcome.reason}</Text>
              {outcome.rows.length > 0 && (
                <ScrollArea.Autosize mah={240} type="auto">
                  <List size="sm" aria-label="Refused rows">
                    {outcome.rows.map((row) => (
                      <List.Item key={`${row.line}-${row.reason}`}>
                        Line {row.line}: {row.reason}
                      </List.Item>
                    ))}
                  </List>
                </ScrollArea.Autosize>
              )}
            </Stack>
          </Alert>
        )}
        {outcome?.kind === 'done' && (
          <Alert color="green" icon={<IconCircleCheck aria-hidden />} title={`Imported ${outcome.fileName}`}>
            {plural(outcome.result.created, 'person', 'people')} added,{' '}
            {plural(outcome.result.updated, 'person', 'people')} updated,{' '}
            {plural(outcome.result.unchanged, 'person', 'people')} already up to date.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {outcome?.kind === 'done' ? 'Done' : 'Cancel'}
          </Button>
          <Button onClick={() => void run()} disabled={!file || busy}>
            {busy ? 'Please wait...' : 'Import'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
