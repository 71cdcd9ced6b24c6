import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  KIOSK_MESSAGES,
  KIOSK_TAP_POLL_MS,
  PEOPLE_SEARCH_LIMIT,
  distributionStationSchema,
  kioskButtonEventListSchema,
  tagInvalidationUpdate,
  type ActivationRequest,
  type DistributionStation,
  type Person,
  type Tag,
  type TagInvalidationState,
  type TagSwapResult,
} from '@vigil/domain';
import { api, type ListPage } from '../../api/client';
import { ApiError } from '../../api/errors';
import { STATIONS_API, stationKeys } from '../../api/stations';
import { TAGS_API, tagKeys } from '../../api/tags';

// The distribution kiosk's calls (SPEC §7): stations, taps, people, the person's tags and the tag
// writes. Kept beside the kiosk: no other screen makes them.

/** How often a station is read again while its kiosk is open (help text, and the connection icon). */
const STATION_REFRESH_MS = 60_000;

/** A station whose settings do not parse is refused with SPEC §8 'Invalid distribution station settings'. */
export class InvalidStationSettings extends Error {
  constructor() {
    super(KIOSK_MESSAGES.invalidStationSettings);
    this.name = 'InvalidStationSettings';
  }
}

/**
 * The settings the kiosk runs on must be there; the scan mode is judged by the kiosk itself (SPEC
 * §8 'Invalid tag scan mode: <mode>').
 */
const stationSettingsSchema = distributionStationSchema.pick({
  name: true,
  helpMessage: true,
  gatewayId: true,
});
export type KioskStation = Omit<DistributionStation, 'scanMode'> & { scanMode: string };

/**
 * How far the server's clock is ahead of this tablet's, in ms, from the last poll's `now` (the
 * request's own time taken as half-way); null until a poll has answered.
 */
let serverOffsetMs: number | null = null;
let sentAt = 0;

function learnOffset(answer: { now: string }) {
  const received = Date.now();
  serverOffsetMs = Date.parse(answer.now) - (sentAt ? (sentAt + received) / 2 : received);
}

/** A time of this tablet's clock (ISO) as the server's clock tells it. */
export function serverSince(since: string): string {
  sentAt = Date.now();
  return new Date(Date.parse(since) + (serverOffsetMs ?? 0)).toISOString();
}

/** Tests: forget the learnt offset. */
export function forgetServerOffset() {
  serverOffsetMs = null;
  sentAt = 0;
}

export const kioskKeys = {
  all: ['kiosk'] as const,
  taps: (station: string, since: string) => [...kioskKeys.all, 'taps', station, since] as const,
  currentTags: (personId: string) => [...kioskKeys.all, 'current-tags', personId] as const,
  badge: (personId: string) => [...kioskKeys.all, 'badge', personId] as const,
};

export const kioskQueries = {
  /** SPEC §7 GET distribution-station: the picker's list. */
  stations: () =>
    queryOptions({
      queryKey: [...stationKeys.lists(), 'kiosk'],
      queryFn: ({ signal }) =>
        api.get<ListPage<DistributionStation>>(STATIONS_API.path, {
          query: { limit: 200, orderBy: 'name' },
          signal,
        }),
    }),
  /** SPEC §7 GET distribution-station/{id}. */
  station: (id: string) =>
    queryOptions({
      queryKey: [...stationKeys.all, 'detail', id],
      queryFn: async ({ signal }): Promise<KioskStation> => {
        const data = await api.get<unknown>(`${STATIONS_API.path}/${encodeURIComponent(id)}`, { signal });
        const parsed = stationSettingsSchema.safeParse(data);
        const scanMode = (data as { scanMode?: unknown } | null)?.scanMode;
        if (!parsed.success || typeof scanMode !== 'string') throw new InvalidStationSettings();
        return { ...(data as DistributionStation), ...parsed.data, scanMode };
      },
      refetchInterval: STATION_REFRESH_MS,
      // A network failure or a server fault may pass; a refusal or unreadable settings will not.
      retry: (count, error) =>
        count < 2 && error instanceof ApiError && (error.status === 0 || error.status >= 500),
    }),
  /**
   * SPEC §7 GET button-event with station, createdAt, limit 1, polled (KIOSK_TAP_POLL_MS): the
   * newest tap the station's gateway heard since the tap screen opened, by the server's clock
   * (serverSince): until the tablet's offset from the server is known, a first call learns it and
   * its answer is not used.
   */
  taps: (station: string, since: string) =>
    queryOptions({
      queryKey: kioskKeys.taps(station, since),
      queryFn: async ({ signal }) => {
        const poll = (createdAt: string) =>
          api.get('button-event', {
            query: { station, createdAt, limit: 1 },
            signal,
            schema: kioskButtonEventListSchema,
          });
        if (serverOffsetMs === null) learnOffset(await poll(new Date().toISOString()));
        const answer = await poll(serverSince(since));
        learnOffset(answer);
        return answer;
      },
      refetchInterval: KIOSK_TAP_POLL_MS,
      refetchIntervalInBackground: true,
      // The next poll is the retry; a failing one shows at once (and in the connection icon).
      retry: false,
      gcTime: 0,
    }),
  /** GET /api/tags?config.owner.personId=: the person's current tags. */
  currentTags: (personId: string) =>
    queryOptions({
      queryKey: kioskKeys.currentTags(personId),
      queryFn: ({ signal }) =>
        api.get<ListPage<Tag>>(TAGS_API.path, {
          query: { 'config.owner.personId': personId, limit: 100, orderBy: 'id' },
          signal,
        }),
    }),
};

export const useStations = () => useQuery(kioskQueries.stations());
export const useStation = (id: string) => useQuery(kioskQueries.station(id));

/** SPEC §7 GET people with query, limit 20, orderBy name (SPEC §6: `contact` is e-mail or person id). */
export async function searchPeople(query: string, signal: AbortSignal): Promise<Person[]> {
  const page = await api.get<ListPage<Person>>('people', {
    query: { query, limit: PEOPLE_SEARCH_LIMIT, orderBy: 'name' },
    signal,
  });
  return page.data;
}

/** The person a badge names: an exact person id match (the list's shorthand filter), else null. */
export async function personByBadge(personId: string): Promise<Person | null> {
  const page = await api.get<ListPage<Person>>('people', { query: { personId, limit: 1 } });
  return page.data[0] ?? null;
}

function useKioskMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tagKeys.all }),
        queryClient.invalidateQueries({ queryKey: [...kioskKeys.all, 'current-tags'] }),
        queryClient.invalidateQueries({ queryKey: stationKeys.all }),
      ]),
  });
}

/**
 * Activates a tag (SPEC §7 PUT tags/{id}), or swaps one for it (POST …/swap): the tags as stored,
 * whose returned states the screen confirms (SPEC §4).
 */
export function useActivateTag(stationId: string) {
  return useKioskMutation(async (request: ActivationRequest): Promise<{ activated: Tag; returned?: Tag }> => {
    if (request.kind === 'assign') {
      return { activated: await api.put<Tag>(`tags/${request.tagId}`, { body: request.body }) };
    }
    return api.post<TagSwapResult>(`${STATIONS_API.path}/${encodeURIComponent(stationId)}/swap`, {
      body: request.body,
    });
  });
}

/** SPEC §4 invalidation through PUT tags/{id}: ready_for_return or lost, owner and label cleared. */
export function useDeactivateTag() {
  return useKioskMutation(({ id, state }: { id: string; state: TagInvalidationState }) =>
    api.put<Tag>(`tags/${id}`, { body: tagInvalidationUpdate(state) }),
  );
}
