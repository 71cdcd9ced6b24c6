import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ListRequest } from '../../api/lists';
import { hasDateColumns, type CsvSpec } from './csv';
import { CsvZoneMenu } from './csv-zone-menu';
import { useCsvDownload } from './use-csv-download';

export type CsvDownloadProps<T> = {
  /** The list's API path. */
  api: string;
  /** The table's current filters, sort and search; the file holds exactly what the table lists. */
  filters: Omit<ListRequest, 'limit' | 'offset'>;
  /** The file name and columns. */
  csv: CsvSpec<T>;
};

/**
 * The Download CSV button, with a progress modal and Cancel while the pages are fetched. When the
 * file has date columns the button opens a menu of time zones (SPEC §9) to write them in.
 */
export function CsvDownload<T>({ api, filters, csv }: CsvDownloadProps<T>) {
  const { progress, start, cancel } = useCsvDownload(api, filters, csv);
  const percent = progress?.total ? Math.round((progress.fetched / progress.total) * 100) : 0;
  const withDates = hasDateColumns(csv);

  return (
    <>
      {withDates ? (
        <CsvZoneMenu onPick={(timeZone) => void start(timeZone)} />
      ) : (
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void start()}
        >
          Download CSV
        </Button>
      )}
      <Modal opened={progress !== null} onClose={cancel} title="Downloading CSV" closeOnClickOutside={false}>
        <Stack>
          <Progress value={percent} aria-label="Download progress" animated />
          <Text size="sm">
            {progress?.total == null
              ? 'Counting rows…'
              : `${progress.fetched.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} rows`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
