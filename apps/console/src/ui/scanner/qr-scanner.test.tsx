import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { QrScanner } from './qr-scanner';

// jsdom has no camera API and does not play video: getUserMedia and play() are the browser's, given
// here; the scanner itself is the product's.
const getUserMedia = vi.fn<(constraints: MediaStreamConstraints) => Promise<MediaStream>>();

beforeEach(() => {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  // A camera that has opened but has not shown a frame yet.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => new Promise(() => {}));
});

afterEach(() => {
  getUserMedia.mockReset();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(window, 'isSecureContext');
});

function cameraStream() {
  const track = { stop: vi.fn() };
  return { track, stream: { getTracks: () => [track] } as unknown as MediaStream };
}

describe('QrScanner', () => {
  it.each([
    ['NotAllowedError', 'You need to grant camera access permisson'],
    ['NotFoundError', 'No camera on this device'],
    ['NotSupportedError', 'Secure context required (HTTPS, localhost)'],
    ['NotReadableError', 'The camera is already in use'],
    ['OverconstrainedError', 'No suitable camera found'],
    ['AbortError', 'QR Scanner Error: AbortError'],
  ])('shows the camera error %s as an alert: %j', async (name, text) => {
    getUserMedia.mockRejectedValue(new DOMException('The browser said no', name));
    renderWithProviders(<QrScanner onScan={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('region', { name: 'QR code scanner' })).not.toBeInTheDocument();
  });

  it('says the browser cannot scan when it has no camera API', async () => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
    renderWithProviders(<QrScanner onScan={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser does not support QR Scanning');
  });

  it('asks for a secure context when the page is not served over HTTPS or localhost', async () => {
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: false });
    renderWithProviders(<QrScanner onScan={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Secure context required (HTTPS, localhost)');
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('asks for the rear camera, without sound, and shows its view while it starts', async () => {
    const { stream } = cameraStream();
    getUserMedia.mockResolvedValue(stream);
    renderWithProviders(<QrScanner onScan={() => {}} label="Scan a tag" />);
    expect(screen.getByRole('region', { name: 'Scan a tag' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Starting the camera…');
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: false,
      video: { facingMode: { ideal: 'environment' } },
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('releases the camera when the screen closes', async () => {
    const { track, stream } = cameraStream();
    getUserMedia.mockResolvedValue(stream);
    const view = renderWithProviders(<QrScanner onScan={() => {}} />);
    await vi.waitFor(() => expect(HTMLMediaElement.prototype.play).toHaveBeenCalled());
    view.unmount();
    expect(track.stop).toHaveBeenCalled();
  });

  it('releases the camera when it is no longer active, and opens it again when it is', async () => {
    const { track, stream } = cameraStream();
    getUserMedia.mockResolvedValue(stream);
    const view = renderWithProviders(<QrScanner onScan={() => {}} />);
    await vi.waitFor(() => expect(HTMLMediaElement.prototype.play).toHaveBeenCalled());

    view.rerender(<QrScanner onScan={() => {}} active={false} />);
    expect(track.stop).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'QR code scanner' })).not.toBeInTheDocument();

    view.rerender(<QrScanner onScan={() => {}} active />);
    expect(screen.getByRole('region', { name: 'QR code scanner' })).toBeVisible();
    await vi.waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(2));
  });

  it('releases a camera that opens after the screen has closed', async () => {
    const { track, stream } = cameraStream();
    let open: (s: MediaStream) => void = () => {};
    getUserMedia.mockReturnValue(new Promise((resolve) => (open = resolve)));
    const view = renderWithProviders(<QrScanner onScan={() => {}} />);
    await vi.waitFor(() => expect(getUserMedia).toHaveBeenCalled());
    view.unmount();
    open(stream);
    await vi.waitFor(() => expect(track.stop).toHaveBeenCalled());
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
  });
});
