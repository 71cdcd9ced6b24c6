import { badRequest, notFound } from '../platform/errors';
import { badGateway, fetchUpstream } from './upstream';

// SPEC §2.7, §9: "tiles use a map provider with satellite or map layers". A deployment names an
// XYZ template per layer; our server fills it in and passes the image on.

export const BASEMAP_LAYERS = ['streets', 'satellite'] as const;
export type BasemapLayer = (typeof BASEMAP_LAYERS)[number];

/** The environment variable naming each layer's template (said in the 'not configured' reason). */
export const LAYER_SETTING: Record<BasemapLayer, string> = {
  streets: 'MAP_TILES_URL',
  satellite: 'MAP_SATELLITE_URL',
};
const LAYER_NAME: Record<BasemapLayer, string> = { streets: 'street map', satellite: 'satellite' };

/** A tile is an image of a few tens of KB; anything this large is not one. */
export const MAX_TILE_BYTES = 1024 * 1024;
/** Kept briefly by the browser: a provider's tiles change rarely, a deployment's settings may. */
export const TILE_CACHE_CONTROL = 'private, max-age=600';

/**
 * A layer's XYZ template checked at start: an http(s) URL holding {z}, {x} and {y}. A wrong one
 * stops the server with the reason rather than answering 502 for every tile.
 */
export function checkTileTemplate(setting: string, template: string | undefined): string | undefined {
  if (!template) return undefined;
  let url: URL;
  try {
    url = new URL(template.replace(/[{}]/g, ''));
  } catch {
    throw new Error(`${setting} is not a URL: ${template}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${setting} must be an http or https URL`);
  }
  for (const part of ['{z}', '{x}', '{y}']) {
    if (!template.includes(part)) throw new Error(`${setting} must hold ${part} (an XYZ tile template)`);
  }
  return template;
}

/** The XYZ tile address, checked: x and y exist at zoom z (0 … 2^z − 1). */
export type TileAddress = { z: number; x: number; y: number };

export function checkTileAddress({ z, x, y }: TileAddress): void {
  const last = 2 ** z - 1;
  if (x > last) throw badRequest(`Invalid x: at zoom ${z} it is from 0 to ${last}`, 'x');
  if (y > last) throw badRequest(`Invalid y: at zoom ${z} it is from 0 to ${last}`, 'y');
}

export function tileUrl(template: string, { z, x, y }: TileAddress): URL {
  return new URL(
    template.replaceAll('{z}', String(z)).replaceAll('{x}', String(x)).replaceAll('{y}', String(y)),
  );
}

export type Tile = { contentType: string; body: Buffer };

/**
 * One tile of a layer from its provider. Not configured, or a tile the provider does not have
 * (404, 204: outside its coverage): 404, which the map ignores (SPEC §8). Any other status, or an
 * answer that is not an image: 502 with the reason.
 */
export async function proxyTile(
  layer: BasemapLayer,
  template: string | undefined,
  address: TileAddress,
): Promise<Tile> {
  if (!template) {
    throw notFound(`The ${LAYER_NAME[layer]} layer is not configured (${LAYER_SETTING[layer]})`);
  }
  checkTileAddress(address);
  const answer = await fetchUpstream(tileUrl(template, address), {
    what: 'tile server',
    maxBytes: MAX_TILE_BYTES,
    headers: { accept: 'image/*' },
  });
  if (answer.status === 404 || answer.status === 204) throw notFound('The tile server has no such tile');
  if (answer.status < 200 || answer.status > 299) {
    throw badGateway(`The tile server answered ${answer.status}`);
  }
  const type = answer.contentType?.split(';')[0]?.trim().toLowerCase();
  if (!type?.startsWith('image/')) {
    throw badGateway(`The tile server did not answer an image (${type ?? 'no content type'})`);
  }
  return { contentType: type, body: answer.body };
}
