import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VideoStream } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { AlertVideo, CAMERA_UNAVAILABLE } from './alert-video';

// Issue 16: the alert detail plays the cameras near the alert: MJPEG as an <img>, HLS with hls.js
// (or the browser's own player), with a loader until the first frame and a clear message on failure.

const hls = vi.hoisted(() => ({
  supported: true,
  players: [] as { source?: string; media?: unknown; destroyed: boolean; fail(): void }[],
}));

vi.mock('hls.js', () => {
  class FakeHls {
    static isSupported = () => hls.supported;
    static Events = { ERROR: 'hlsError' };
    private listeners: ((event: string, data: { fatal: boolean }) => void)[] = [];
    readonly entry = {
      source: undefined as string | undefined,
      media: undefined as unknown,
      destroyed: false,
      fail: () => this.listeners.forEach((listener) => listener('hlsError', { fatal: true })),
    };
    constructor() {
      hls.players.push(this.entry);
    }
    on(_event: string, listener: (event: string, data: { fatal: boolean }) => void) {
      this.listeners.push(listener);
    }
    loadSource(url: string) {
      this.entry.source = url;
    }
    attachMedia(media: unknown) {
      this.entry.media = media;
    }
    destroy() {
      this.entry.destroyed = true;
    }
  }
  return { default: FakeHls };
});

const stream = (over: Partial<VideoStream>): VideoStream => ({
  id: 'm-1',
  cameraId: 'cam-1',
  name: 'Ward 3 corridor',
  kind: 'mjpeg',
  url: '/api/video/proxy/token-1.mac',
  distanceM: 4.2,
  ...over,
});

function serve(streams: VideoStream[] | (() => VideoStream[])) {
  return stubFetch((url) => {
    if (url.pathname === '/api/video/streams/al-1') {
      const list = typeof streams === 'function' ? streams() : streams;
      return { streams: list, expiresAt: new Date(Date.now() + 600_000).toISOString() };
    }
    return json({ reason: 'Not found' }, 404);
  });
}

beforeEach(() => {
  hls.supported = true;
  hls.players.length = 0;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('AlertVideo', () => {
  it('plays an MJPEG camera as an image named after the camera, loading until its first frame', async () => {
    serve([
      stream({}),
      stream({ id: 'm-2', name: 'Lobby', url: '/api/video/proxy/token-2.mac', distanceM: 11 }),
    ]);
    renderWithProviders(<AlertVideo alertId="al-1" />);
    const image = await screen.findByRole('img', { name: 'Ward 3 corridor' });
    expect(image).toHaveAttribute('src', '/api/video/proxy/token-1.mac');
    expect(screen.getByText('4 m away')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Lobby' })).toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(2);
    fireEvent.load(image);
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('says a camera is unavailable when its stream fails, and Retry asks for fresh links', async () => {
    let token = 1;
    const fetch = serve(() => [stream({ url: `/api/video/proxy/token-${token++}.mac` })]);
    renderWithProviders(<AlertVideo alertId="al-1" />);
    fireEvent.error(await screen.findByRole('img', { name: 'Ward 3 corridor' }));
    expect(screen.getByText(CAMERA_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Ward 3 corridor' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('img', { name: 'Ward 3 corridor' })).toHaveAttribute(
      'src',
      '/api/video/proxy/token-2.mac',
    );
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('plays an HLS camera with hls.js, and says it is unavailable on a fatal error', async () => {
    serve([stream({ kind: 'hls', url: '/api/video/proxy/live.mac' })]);
    renderWithProviders(<AlertVideo alertId="al-1" />);
    const video = await screen.findByLabelText('Ward 3 corridor');
    expect(video.tagName).toBe('VIDEO');
    await waitFor(() => expect(hls.players).toHaveLength(1));
    expect(hls.players[0]!.source).toBe('/api/video/proxy/live.mac');
    expect(hls.players[0]!.media).toBe(video);
    fireEvent.loadedData(video);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    hls.players[0]!.fail();
    expect(await screen.findByText(CAMERA_UNAVAILABLE)).toBeInTheDocument();
    expect(hls.players[0]!.destroyed).toBe(true);
  });

  it('uses the browser’s own HLS player where there is one', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    serve([stream({ kind: 'hls', url: '/api/video/proxy/live.mac' })]);
    renderWithProviders(<AlertVideo alertId="al-1" />);
    const video = (await screen.findByLabelText('Ward 3 corridor')) as HTMLVideoElement;
    await waitFor(() => expect(video.getAttribute('src')).toBe('/api/video/proxy/live.mac'));
    expect(hls.players).toHaveLength(0);
  });

  it('says a camera is unavailable where the browser cannot play HLS at all', async () => {
    hls.supported = false;
    serve([stream({ kind: 'hls' })]);
    renderWithProviders(<AlertVideo alertId="al-1" />);
    expect(await screen.findByText(CAMERA_UNAVAILABLE)).toBeInTheDocument();
  });

  it('says when no camera is near the alert, and shows why the streams cannot be read', async () => {
    serve([]);
    renderWithProviders(<AlertVideo alertId="al-1" />);
    expect(await screen.findByText('No camera near this alert')).toBeInTheDocument();
    cleanup();
    stubFetch(() => json({ reason: 'The video feature is off for this zone' }, 403));
    renderWithProviders(<AlertVideo alertId="al-1" />);
    expect(await screen.findByText(/The video feature is off for this zone/)).toBeInTheDocument();
  });
});
