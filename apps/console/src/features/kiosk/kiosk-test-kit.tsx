import { Route, Routes } from 'react-router';
import { forgetServerOffset } from './kiosk-api';
import type {
  DistributionStation,
  KioskButtonEvent,
  KioskEvent,
  Person,
  RawRule,
  TagDetail,
} from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { CurrentPath, renderSignedIn } from '../../test/signed-in';
import { tagDetailFixture } from '../../test/tag-fixtures';
import { ActivateScreen } from './activate-screen';
import { CurrentTagsScreen } from './current-tags-screen';
import { kioskStore } from './flow-store';
import { KioskHomeScreen } from './kiosk-home-screen';
import { ScanScreen } from './scan-screen';
import { StationPickerScreen } from './station-picker-screen';
import { StatusScreen } from './status-screen';
import { SuccessScreen } from './success-screen';
import { TapScreen } from './tap-screen';

// For the kiosk's tests only: its screens on their routes, and a small server over `fetch`.

/** The demo's distribution role (docs/ROLES.md): list/read stations and people; list/read/update tags. */
export const DISTRIBUTION_RULES: RawRule[] = [
  { action: ['list', 'read'], subject: ['DistributionStation', 'Person'] },
  { action: ['list', 'read', 'update'], subject: 'Tag' },
];

export const ED_STATION: DistributionStation = {
  id: 'st-ed',
  orgId: 'org-1',
  zoneId: null,
  name: 'Emergency Department station',
  helpMessage: 'Tap your tag’s button once beside the kiosk. Help: ext. 4100.',
  minimumInventory: 10,
  gatewayId: 'b0a710000001',
  scanMode: 'singleTap',
  availableTags: 4,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export const ANA: Person = {
  id: '00000000-0000-4000-8000-00000000000a',
  orgId: 'org-1',
  name: 'Ana Ruiz',
  personId: 'P-1042',
  contacts: { email: 'ana@demo.example' },
  location: null,
  locationPath: null,
  isRemote: false,
  contact: 'ana@demo.example',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export const shelfTag = (id: string, change: Partial<TagDetail> = {}) =>
  tagDetailFixture({ id, config: { state: 'available' }, station: ED_STATION.id, ...change });

export type KioskServerOptions = {
  stations?: DistributionStation[];
  people?: Person[];
  tags?: TagDetail[];
  taps?: KioskButtonEvent[];
  /** Answers a PUT tags/{id} with this state instead of the one written (SPEC §4 'DB error'). */
  storedState?: string;
};

type Write = { method: string; path: string; body: Record<string, unknown> };

/** The kiosk's calls (SPEC §7) answered from memory; writes are recorded and applied. */
export function serveKiosk(opts: KioskServerOptions = {}) {
  forgetServerOffset();
  const stations = opts.stations ?? [ED_STATION];
  const people = opts.people ?? [ANA];
  const tags = new Map((opts.tags ?? []).map((t) => [t.id, t]));
  const taps = opts.taps ?? [];
  const writes: Write[] = [];
  const tapQueries: URLSearchParams[] = [];
  /** How far the server's clock runs ahead of the tablet's (GET button-event's `now`). */
  const serverAhead = { ms: 0 };

  function apply(id: string, body: Record<string, unknown>): TagDetail {
    const tag = tags.get(id)!;
    const config = { ...tag.config };
    for (const key of ['state', 'owner', 'label', 'station'] as const) {
      if (key in body) (config as Record<string, unknown>)[key] = body[key];
    }
    const stored = { ...tag, config };
    tags.set(id, stored);
    return opts.storedState ? { ...stored, config: { ...config, state: opts.storedState as never } } : stored;
  }

  const fetch = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const path = url.pathname;
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (method !== 'GET') writes.push({ method, path, body });
    const q = url.searchParams;
    if (path === '/api/distribution-station') return { data: stations, total: stations.length };
    const station = /^\/api\/distribution-station\/([^/]+)(\/swap)?$/.exec(path);
    if (station && method === 'GET') {
      return stations.find((s) => s.id === station[1]) ?? json({ reason: 'Station not found' }, 404);
    }
    if (station && method === 'POST') {
      const returned = apply(String(body.returnTag), { state: body.returnState, owner: null, label: null });
      const activated = apply(String(body.activateTag), { state: 'deployed', owner: body.owner });
      return { returned, activated };
    }
    if (path === '/api/button-event') {
      tapQueries.push(q);
      const since = q.get('createdAt') ?? '';
      return {
        data: taps.filter((t) => t.createdAt > since).slice(0, 1),
        now: new Date(Date.now() + serverAhead.ms).toISOString(),
      };
    }
    if (path === '/api/people') {
      const query = q.get('query')?.toLowerCase();
      const personId = q.get('personId');
      const found = people.filter(
        (p) => (!query || p.name.toLowerCase().includes(query)) && (!personId || p.personId === personId),
      );
      return { data: found, total: found.length };
    }
    if (path === '/api/tags') {
      const owner = q.get('config.owner.personId');
      const rows = [...tags.values()].filter((t) => t.config.owner?.personId === owner);
      return { data: rows, total: rows.length };
    }
    const tag = /^\/api\/tags\/([^/]+)$/.exec(path);
    if (tag && !tags.has(tag[1]!)) return json({ reason: 'Tag not found' }, 404);
    if (tag && method === 'GET') return tags.get(tag[1]!);
    if (tag && method === 'PUT') return apply(tag[1]!, body);
    return json({ reason: 'Not found' }, 404);
  });
  return { fetch, writes, tags, taps, tapQueries, serverAhead };
}

/** A tap heard by the ED station's gateway (GET button-event's answer). */
export function tapOf(
  tag: string,
  createdAt = new Date(Date.now() + 60_000).toISOString(),
): KioskButtonEvent {
  return {
    id: `ev-${tag}`,
    tag,
    gatewayId: ED_STATION.gatewayId!,
    status: 'tap',
    events: [{ buttonPress: 0, buttonRelease: 150, tapDelta: 0 }],
    createdAt,
  };
}

function KioskRoutes() {
  return (
    <>
      <Routes>
        <Route path="/distribution" element={<StationPickerScreen />} />
        <Route path="/distribution/:station/home" element={<KioskHomeScreen />} />
        <Route path="/distribution/:station/tap" element={<TapScreen />} />
        <Route path="/distribution/:station/scan" element={<ScanScreen />} />
        <Route path="/distribution/:station/status" element={<StatusScreen />} />
        <Route path="/distribution/:station/activate" element={<ActivateScreen />} />
        <Route path="/distribution/:station/current-tags" element={<CurrentTagsScreen />} />
        <Route path="/distribution/:station/success" element={<SuccessScreen />} />
      </Routes>
      <CurrentPath />
    </>
  );
}

/** The kiosk at `path`, signed in as the distribution role (or `role`). */
export function renderKiosk(
  path: string,
  opts: { role?: string; flags?: Record<string, boolean>; rules?: RawRule[] } = {},
) {
  return renderSignedIn(<KioskRoutes />, {
    rules: opts.rules ?? DISTRIBUTION_RULES,
    role: opts.role ?? 'distribution',
    flags: opts.flags,
    path,
  });
}

export const stationPath = (screen: string) => `/distribution/${ED_STATION.id}/${screen}`;

/** Walks the ED station's flow in this tab through `events`, as earlier screens would have. */
export function seedFlow(...events: KioskEvent[]) {
  for (const event of events) {
    const refusal = kioskStore.send(ED_STATION.id, event);
    if (refusal) throw new Error(`seedFlow: ${event.type} refused (${refusal})`);
  }
}

export const anaPerson = { name: ANA.name, personId: ANA.personId, contact: ANA.contact };
