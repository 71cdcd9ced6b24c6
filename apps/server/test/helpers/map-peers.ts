import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

// Stand-ins for a deployment's map providers (issue 15: "Tests run a local stub geocoder and a
// local tile server (a few PNGs) on 127.0.0.1"): a raster tile server at /{layer}/{z}/{x}/{y}.png
// and a Nominatim-like /search. Real HTTP, so the server's proxy is tested end to end. No test
// framework is imported here: the API tests and the e2e suite both use it.

/** Each layer's tiles are one solid colour, so a test can tell them apart (and find them on a canvas). */
export const PEER_TILE_COLOURS = {
  streets: [240, 236, 220],
  satellite: [34, 139, 34],
} as const satisfies Record<string, readonly [number, number, number]>;
export type PeerLayer = keyof typeof PEER_TILE_COLOURS;

/** What the tile server does for a tile: the image, a 500, an HTML page, or an answer far too large. */
export type TileMode = 'ok' | 'error' | 'html' | 'huge';

/** Nominatim jsonv2 entries the geocoder answers from: two in the US, one in Canada. */
export const PEER_PLACES = [
  {
    place_id: 1,
    lat: '40.7420500',
    lon: '-73.9741000',
    name: 'Bellevue Hospital',
    display_name: 'Bellevue Hospital, 462, 1st Avenue, Manhattan, New York, 10016, United States',
    boundingbox: ['40.7400', '40.7440', '-73.9770', '-73.9710'],
    address: { country_code: 'us' },
  },
  {
    place_id: 2,
    lat: '41.8781',
    lon: '-87.6298',
    name: 'Chicago General Hospital',
    display_name: 'Chicago General Hospital, Chicago, Illinois, United States',
    address: { country_code: 'us' },
  },
  {
    place_id: 3,
    lat: '43.6532',
    lon: '-79.3832',
    name: 'Toronto General Hospital',
    display_name: 'Toronto General Hospital, Toronto, Ontario, Canada',
    address: { country_code: 'ca' },
  },
];

export type MapPeers = {
  /** The origin, e.g. http://127.0.0.1:41234. */
  origin: string;
  /** XYZ templates and the geocoder's base, as a deployment would set MAP_TILES_URL … GEOCODER_URL. */
  env: { MAP_TILES_URL: string; MAP_SATELLITE_URL: string; GEOCODER_URL: string };
  /** Every request the peers saw, in order. */
  requests: URL[];
  tileMode: TileMode;
  close(): Promise<void>;
};

/** Starts the peers on 127.0.0.1 (`port` 0: any free port). */
export async function startMapPeers(port = 0): Promise<MapPeers> {
  const peers = { requests: [] as URL[], tileMode: 'ok' as TileMode };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    peers.requests.push(url);
    // For a test in another process (the e2e suite runs the peers with map-peers-main.ts).
    if (url.pathname === '/_peer') return answerPeerState(peers.requests, res);
    if (url.pathname === '/search') return answerSearch(url, res, true);
    // A "compatible" geocoder that ignores countrycodes: the proxy must keep to the US itself.
    if (url.pathname === '/any-country/search') return answerSearch(url, res, false);
    const tile = /^\/(streets|satellite)\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(url.pathname);
    if (tile) return answerTile(tile[1] as PeerLayer, peers.tileMode, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('no such path');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(peers, {
    origin,
    env: {
      MAP_TILES_URL: `${origin}/streets/{z}/{x}/{y}.png`,
      MAP_SATELLITE_URL: `${origin}/satellite/{z}/{x}/{y}.png`,
      GEOCODER_URL: origin,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** What the peers saw (paths with their query) and the tiles' colours. */
function answerPeerState(requests: URL[], res: http.ServerResponse) {
  const seen = requests.filter((u) => u.pathname !== '/_peer').map((u) => u.pathname + u.search);
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ requests: seen, colours: PEER_TILE_COLOURS }));
}

function answerTile(layer: PeerLayer, mode: TileMode, res: http.ServerResponse) {
  if (mode === 'error') return res.writeHead(500, { 'content-type': 'text/plain' }).end('broken');
  if (mode === 'html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>login</p>');
  if (mode === 'huge') {
    // Chunked, with no length declared: the proxy has to stop reading by itself.
    res.writeHead(200, { 'content-type': 'image/png' });
    for (let i = 0; i < 48; i++) res.write(Buffer.alloc(64 * 1024));
    return res.end();
  }
  res.writeHead(200, { 'content-type': 'image/png' }).end(peerTile(layer));
}

/** Nominatim's /search: the places whose name holds q, only the US ones when asked (countrycodes=us). */
function answerSearch(url: URL, res: http.ServerResponse, honourCountries: boolean) {
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const countries = honourCountries ? url.searchParams.get('countrycodes')?.split(',') : undefined;
  const limit = Number(url.searchParams.get('limit') ?? 10);
  const found = PEER_PLACES.filter(
    (p) =>
      p.display_name.toLowerCase().includes(q) && (!countries || countries.includes(p.address.country_code)),
  ).slice(0, limit);
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
}

const tiles = new Map<PeerLayer, Buffer>();

/** The PNG the tile server answers for every tile of a layer (256 px, the layer's colour). */
export function peerTile(layer: PeerLayer): Buffer {
  let png = tiles.get(layer);
  if (!png) tiles.set(layer, (png = solidPng(256, PEER_TILE_COLOURS[layer])));
  return png;
}

/** A square PNG of one opaque colour, written by hand (8-bit RGB, no filter). */
function solidPng(size: number, [r, g, b]: readonly [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + size * 3);
  for (let i = 0; i < size; i++) row.set([r, g, b], 1 + i * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}
