import { startMjpegCamera } from './notify-peers';

// The MJPEG camera stub as a process of its own, for the e2e suite (which may not import the server's
// code): `node --import tsx apps/server/test/helpers/camera-peer-main.ts` prints one JSON line,
// `{url, user, password}` (its stream's address and the Basic credentials it wants), once
// listening, and stops on SIGTERM.

const credentials = { user: 'viewer', password: 'e2e-camera-secret' };
const camera = await startMjpegCamera(credentials);
process.stdout.write(`${JSON.stringify({ url: camera.streamUrl, ...credentials })}\n`);
process.once('SIGTERM', () => void camera.close().then(() => process.exit(0)));
