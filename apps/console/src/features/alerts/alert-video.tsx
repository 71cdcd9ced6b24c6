import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconVideoOff } from '@tabler/icons-react';
import type { VideoStream } from '@vigil/domain';
import { useAlertStreams } from '../../api/alerts';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { TableSkeleton } from '../../ui/table-skeleton';

// Issue 16 'Camera video on an alert' (SPEC §3 Video stream, §7 GET video/streams/{alertId}): the
// cameras near an alert, nearest first, each played from our server's short-lived proxy URL. An MJPEG
// camera is an <img> (browsers play multipart/x-mixed-replace natively); an HLS one a <video>, played
// natively where the browser can (Safari) and by hls.js elsewhere, loaded only when needed.

/** What a camera tile shows: its stream loading, playing, or failed. */
type Playback = 'loading' | 'playing' | 'failed';

export const CAMERA_UNAVAILABLE = 'Camera unavailable';
const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** The camera streams near an alert (SPEC §7 GET video/streams/{alertId}, video flag). */
export function AlertVideo({ alertId }: { alertId: string }) {
  const streams = useAlertStreams(alertId, true);
  if (streams.isPending) return <TableSkeleton rows={1} columns={2} />;
  if (streams.isError) return <ErrorPanel error={streams.error} onRetry={() => void streams.refetch()} />;
  if (streams.data.streams.length === 0) return <EmptyState title="No camera near this alert" />;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {streams.data.streams.map((stream) => (
        // A new URL (the answer refreshed before it expires) is a new player.
        <CameraTile key={stream.url} stream={stream} onRetry={() => void streams.refetch()} />
      ))}
    </SimpleGrid>
  );
}

/** One camera: its name and distance, its picture, a loader until the first frame, or why not. */
function CameraTile({ stream, onRetry }: { stream: VideoStream; onRetry: () => void }) {
  const [playback, setPlayback] = useState<Playback>('loading');
  const distance = `${Math.round(stream.distanceM)} m away`;
  return (
    <Stack gap={4} component="figure" m={0} aria-label={`Camera ${stream.name}`}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} component="figcaption">
          {stream.name}
        </Text>
        <Text size="xs" c="dimmed">
          {distance}
        </Text>
      </Group>
      {playback === 'failed' ? (
        <Alert color="gray" icon={<IconVideoOff aria-hidden />} title={CAMERA_UNAVAILABLE}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">The camera’s stream could not be played. It may be off or unreachable.</Text>
            <Button size="xs" variant="default" onClick={onRetry}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : (
        <Box pos="relative" bg="dark.9" style={{ aspectRatio: '4 / 3', borderRadius: 4, overflow: 'hidden' }}>
          {stream.kind === 'mjpeg' ? (
            <img
              src={stream.url}
              alt={stream.name}
              onLoad={() => setPlayback('playing')}
              onError={() => setPlayback('failed')}
              style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
            />
          ) : (
            <HlsVideo url={stream.url} name={stream.name} onPlayback={setPlayback} />
          )}
          {playback === 'loading' && (
            <Group pos="absolute" inset={0} justify="center" align="center" gap="xs" role="status">
              <Loader size="sm" color="gray.3" />
              <Text size="sm" c="gray.3">
                Connecting to the camera…
              </Text>
            </Group>
          )}
        </Box>
      )}
    </Stack>
  );
}

type HlsPlayer = { destroy(): void };

/** An HLS stream: the browser's own player when it has one, else hls.js; muted so it may autoplay. */
function HlsVideo({
  url,
  name,
  onPlayback,
}: {
  url: string;
  name: string;
  onPlayback: (playback: Playback) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const report = useRef(onPlayback);
  useEffect(() => {
    report.current = onPlayback;
  });

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let player: HlsPlayer | undefined;
    let stopped = false;
    if (element.canPlayType(HLS_TYPE)) {
      element.src = url;
    } else {
      void import('hls.js').then(
        ({ default: Hls }) => {
          if (stopped) return;
          if (!Hls.isSupported()) return report.current('failed');
          const hls = new Hls({ liveDurationInfinity: true });
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) report.current('failed');
          });
          hls.loadSource(url);
          hls.attachMedia(element);
          player = hls;
        },
        () => report.current('failed'),
      );
    }
    return () => {
      stopped = true;
      player?.destroy();
      element.removeAttribute('src');
    };
  }, [url]);

  return (
    <video
      ref={video}
      aria-label={name}
      autoPlay
      muted
      playsInline
      controls
      onLoadedData={() => report.current('playing')}
      onError={() => report.current('failed')}
      style={{ width: '100%', height: '100%', display: 'block' }}
    />
  );
}
