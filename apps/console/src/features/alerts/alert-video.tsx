import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useAlertStreams } from '../../api/alerts';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { TableSkeleton } from '../../ui/table-skeleton';

const isWebUrl = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);

/** The camera streams near an alert (SPEC §7 GET video/streams/{alertId}, video flag). */
export function AlertVideo({ alertId }: { alertId: string }) {
  const streams = useAlertStreams(alertId, true);
  if (streams.isPending) return <TableSkeleton rows={1} columns={2} />;
  if (streams.isError) return <ErrorPanel error={streams.error} onRetry={() => void streams.refetch()} />;
  const playable = streams.data.streams.filter((s) => isWebUrl(s.url));
  if (playable.length === 0) return <EmptyState title="No camera near this alert" />;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {playable.map((stream, index) => {
        const name = stream.name ?? `Camera ${index + 1}`;
        return (
          <Stack key={stream.id ?? stream.url} gap={4}>
            <Text size="sm" fw={600}>
              {name}
            </Text>
            <video
              src={stream.url}
              controls
              autoPlay
              muted
              playsInline
              aria-label={name}
              style={{ width: '100%' }}
            />
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
