import { z } from 'zod';
import { notFound } from '../platform/errors';
import { badGateway, fetchUpstream } from './upstream';

// SPEC §2.7, §9: address search for plan placement, restricted to the US, through a deployment's
// Nominatim-compatible geocoder (GEOCODER_URL), which our server asks on the browser's behalf.

export const GEOCODE_MAX_RESULTS = 10;
const MAX_ANSWER_BYTES = 1024 * 1024;
/** Nominatim's usage policy asks every client to name itself. */
const USER_AGENT = 'Vigil floor-plan address search';

/** A place found; `bounds` [west, south, east, north] as the domain's GeoBounds. */
export type Place = { name: string; lat: number; lng: number; bounds?: [number, number, number, number] };

/** One place as Nominatim's jsonv2 answers it (coordinates as strings); what we read of it. */
const nominatimPlace = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  display_name: z.string().optional(),
  name: z.string().optional(),
  // [south, north, west, east], as strings.
  boundingbox: z.array(z.coerce.number()).length(4).optional(),
  address: z.object({ country_code: z.string().optional() }).loose().optional(),
});

/** `{base}/search` (unless the URL already names it), keeping the base's own query (an API key). */
export function searchUrl(base: string, q: string, limit: number): URL {
  const url = new URL(base);
  if (!url.pathname.endsWith('/search')) url.pathname = url.pathname.replace(/\/?$/, '/search');
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('countrycodes', 'us');
  url.searchParams.set('addressdetails', '1');
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('q', q);
  return url;
}

/** The places matching `q` in the US, at most `limit`; a geocoder that fails is a 502 with why. */
export async function geocode(base: string | undefined, q: string, limit: number): Promise<Place[]> {
  if (!base) throw notFound('Address search is not configured (GEOCODER_URL)');
  const answer = await fetchUpstream(searchUrl(base, q, limit), {
    what: 'address search',
    maxBytes: MAX_ANSWER_BYTES,
    headers: { accept: 'application/json', 'user-agent': USER_AGENT, 'accept-language': 'en-US' },
  });
  if (answer.status < 200 || answer.status > 299) {
    throw badGateway(`The address search answered ${answer.status}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw badGateway('The address search did not answer JSON');
  }
  if (!Array.isArray(parsed)) throw badGateway('The address search did not answer a list of places');
  return parsed.flatMap(placeOf).slice(0, limit);
}

/**
 * A place from one of the geocoder's entries, or none for an entry it cannot read or outside the
 * US (a compatible geocoder may ignore countrycodes; the restriction is SPEC's, so it is ours).
 */
function placeOf(entry: unknown): Place[] {
  const read = nominatimPlace.safeParse(entry);
  if (!read.success) return [];
  const { lat, lon, display_name, name, boundingbox, address } = read.data;
  const country = address?.country_code?.toLowerCase();
  if (country && country !== 'us') return [];
  const place: Place = { name: display_name || name || `${lat}, ${lon}`, lat, lng: lon };
  if (boundingbox) {
    const [south, north, west, east] = boundingbox as [number, number, number, number];
    place.bounds = [west, south, east, north];
  }
  return [place];
}
