import { startMapPeers } from './map-peers';

// The map peers as a process of their own, for the e2e suite (which may not import the server's
// code): `node --import tsx apps/server/test/helpers/map-peers-main.ts [port]` prints one JSON line,
// `{origin, env}`, once listening, and stops on SIGTERM. GET {origin}/_peer answers what they saw.

const peers = await startMapPeers(Number(process.argv[2] ?? 0));
process.stdout.write(`${JSON.stringify({ origin: peers.origin, env: peers.env })}\n`);
process.once('SIGTERM', () => void peers.close().then(() => process.exit(0)));
