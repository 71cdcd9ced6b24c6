import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Center, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconInfoCircle, IconMapOff } from '@tabler/icons-react';
import { mayEditFloorPlans, type Zone } from '@vigil/domain';
import {
  floorplanKeys,
  floorplanQueries,
  useFloorDirectory,
  type FloorDirectory,
} from '../../api/floorplans';
import { useSignedIn } from '../../session/session';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { FloorMap } from '../../ui/map/floor-map';
import { boundsOf, type MapMarker, type MapTrackerCircle } from '../../ui/map/map-style';
import { PageHeader } from '../../ui/page-header';
import { TableSkeleton } from '../../ui/table-skeleton';
import { useNow } from '../../ui/use-now';
import { useOpenAlerts } from '../../api/open-alerts';
import { floorAlertTrackers } from './alert-trackers';
import { FloorAlertList } from './floor-alert-list';
import { FloorResponderList } from './floor-responder-list';
import { useFloorResponders } from './use-floor-responders';
import { FloorGatewayList } from './floor-gateway-list';
import { firstFloorId, floorGroups, floorPath } from './floor-options';
import { isOutdoorFloor } from '../../ui/map/floor-plan';
import { FloorSelect } from './floor-select';
import { colourContextOf, floorGateways, legendOf, type FloorGateway } from './gateway-markers';
import { MapLegend } from './map-legend';
import { useFloorPlanTiles } from '../../ui/map/use-plan-tiles';
import { useAlertPan } from './use-alert-pan';
import { EditMenu } from './edit-menu';
import type { FloorMode } from './floor-editor';
import { PlanEditor } from './plan-edit/plan-editor';
import { MarkerEditor } from './marker-edit/marker-editor';
import { UnitEditor } from './unit-edit/unit-editor';
import { useCoverageTools } from './marker-tools/coverage-tools';
import { FloorUnitsLayer } from './unit-edit/units-layer';
import { useBasemap } from '../../ui/map/basemap';
import classes from './floorplans.module.css';

/**
 * The query that says the screen is shown inside the mobile gateway app (SPEC §2.1: its empty
 * layout there): `/floorplans/<floor>?app=gateway` (docs/API.md). It is kept as the user switches floors.
 */
export const GATEWAY_APP_QUERY = { name: 'app', value: 'gateway' } as const;

const TITLE = 'Floor Plans';

/** /floorplans/{floorId?} (SPEC §2.1, §2.7): a floor's plan with its gateways on it. */
export function FloorplansScreen() {
  const { floorId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const directory = useFloorDirectory();
  const groups = useMemo(() => (directory.data ? floorGroups(directory.data) : []), [directory.data]);
  const inGatewayApp = search.get(GATEWAY_APP_QUERY.name) === GATEWAY_APP_QUERY.value;
  const query = search.size > 0 ? `?${search}` : '';
  const floor = directory.data?.floors.find((f) => f.id === floorId);

  const header = (
    <Header
      embedded={inGatewayApp}
      description={floor && directory.data ? floorPath(directory.data, floor) : undefined}
      select={
        groups.length > 0 && (
          <FloorSelect
            groups={groups}
            value={floor?.id ?? null}
            onChange={(id) => navigate(`/floorplans/${id}${query}`)}
          />
        )
      }
    />
  );

  let body: ReactNode;
  if (directory.isPending) body = <TableSkeleton rows={6} columns={1} />;
  else if (directory.isError)
    body = <ErrorPanel error={directory.error} onRetry={() => void directory.refetch()} />;
  else if (groups.length === 0) body = <NoFloors />;
  else if (!floorId) return <Navigate to={`/floorplans/${firstFloorId(groups)}${query}`} replace />;
  else if (!floor)
    body = (
      <EmptyState
        title="This floor is not in your zones"
        description="It may have been removed, or it belongs to zones your role does not cover. Choose another floor above."
      />
    );
  else body = <FloorView key={floor.id} floor={floor} directory={directory.data} />;

  return (
    <div className={classes.screen}>
      {header}
      {body}
    </div>
  );
}

function Header({
  embedded,
  description,
  select,
}: {
  embedded: boolean;
  description?: string;
  select: ReactNode;
}) {
  if (embedded) {
    // Inside the gateway app the app names the screen: the floor switcher is all that is shown.
    return (
      <Stack gap="xs" mb="sm">
        <VisuallyHidden>
          <Title order={1}>{TITLE}</Title>
        </VisuallyHidden>
        {select}
      </Stack>
    );
  }
  return <PageHeader title={TITLE} description={description} actions={select} />;
}

function NoFloors() {
  const { ability } = useSignedIn();
  return (
    <EmptyState
      title="No floors in your zones yet"
      description="A floor plan belongs to a floor: add a building and its floors on the Zones screen, then open them here."
      action={
        ability.can('list', 'Zone') && (
          <Button component={Link} to="/zones" variant="light">
            Open Zones
          </Button>
        )
      }
    />
  );
}

/** One floor: its plan (if any) and its gateways, drawn on the map and listed beside it. */
function FloorView({ floor, directory }: { floor: Zone; directory: FloorDirectory }) {
  const { ability, me } = useSignedIn();
  const queryClient = useQueryClient();
  const { plan, tiles, bounds: planBounds } = useFloorPlanTiles(floor);
  const mayListGateways = ability.can('list', 'Gateway');
  const places = useQuery({ ...floorplanQueries.places(floor.id), enabled: mayListGateways });
  const gateways = useQuery({
    ...floorplanQueries.gateways(floor.id, places.data, isOutdoorFloor(floor)),
    enabled: mayListGateways && places.data !== undefined,
  });
  const now = useNow(60_000);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [mode, setMode] = useState<FloorMode>('view');
  const editing = mode !== 'view';

  const context = useMemo(() => colourContextOf(ability), [ability]);
  const rows = useMemo(
    () => floorGateways(gateways.data?.data ?? [], context, now),
    [gateways.data, context, now],
  );
  // The list beside the map is drawn after the map: its up to 500 rows would hold up the map's
  // first frame (docs/BENCHMARKS.md 'Floor map'); React renders them in the background.
  const listRows = useDeferredValue(rows, NO_ROWS);
  const coverage = useCoverageTools(floor, rows);
  const basemap = useBasemap();
  const markers = useMemo(() => coverage.rows.map((row) => row.marker), [coverage.rows]);

  // Issue 15: the open alerts heard by this floor's gateways, from the shell's realtime feed.
  const openAlerts = useOpenAlerts();
  const alertTrackers = useMemo(
    () => floorAlertTrackers(openAlerts, gateways.data?.data ?? []),
    [openAlerts, gateways.data],
  );
  // Issue 20: the responders last heard on this floor, drawn over the alerts.
  const responders = useFloorResponders(floor.id);
  const circles = useMemo(
    () => [...alertTrackers, ...responders].map((t) => t.circle),
    [alertTrackers, responders],
  );
  const [selectedAlertId, setSelectedAlertId] = useState<string | null>(null);
  const { panTo, panToTracker } = useAlertPan(
    alertTrackers,
    openAlerts !== undefined && gateways.data !== undefined,
    me.zone.config.featureFlags.noAutoPan === true,
  );
  function selectAlert(id: string | null) {
    setSelectedAlertId(id);
    const chosen = [...alertTrackers, ...responders].find((t) => t.tracker.id === id);
    if (chosen) panToTracker(chosen.tracker);
  }
  const bounds = useMemo(() => planBounds ?? boundsOf(markers.map((m) => m.lngLat)), [planBounds, markers]);

  const loading = mayListGateways && (places.isPending || gateways.isPending);
  const failed = places.error ?? gateways.error;
  if (failed)
    return (
      <ErrorPanel
        error={failed}
        title="Could not load this floor's gateways"
        onRetry={() => void queryClient.invalidateQueries({ queryKey: floorplanKeys.all })}
      />
    );
  if (!plan && loading) return <Loading />;
  if (!plan && rows.length === 0 && !editing)
    return (
      <NoPlan mayEdit={mayEditFloorPlans(ability)} floorName={floor.name} onUpload={() => setMode('plan')} />
    );

  const name = floorPath(directory, floor);
  const editor = { floor, directory, plan, onExit: () => setMode('view') };
  // In an edit mode the editor draws the things it edits (its own layers): the viewing markers go.
  const editsMarkers = mode === 'markers' || mode === 'cameras';
  return (
    <div className={classes.body}>
      <div className={classes.map}>
        <FloorMap
          label={`Map of ${name}`}
          plan={mode === 'plan' ? null : tiles}
          markers={editsMarkers ? NO_MARKERS : markers}
          view={{ key: `${floor.id}:${bounds ? 'placed' : 'unplaced'}`, bounds, bearing: plan?.bearing }}
          selectedId={editing ? null : selectedId}
          onSelect={editing ? undefined : setSelectedId}
          trackers={editing ? NO_TRACKERS : circles}
          selectedTrackerId={selectedAlertId}
          onSelectTracker={setSelectedAlertId}
          panTo={editing ? null : panTo}
          onRefresh={() => void queryClient.invalidateQueries({ queryKey: floorplanKeys.all })}
          refreshing={gateways.isFetching || places.isFetching}
          tools={
            // SPEC §2.7: the plan toolbar toggles satellite too; other editors have their own tools.
            mode === 'plan' ? (
              basemap.tools
            ) : editing ? null : (
              <>
                {basemap.tools}
                {coverage.tools}
                <EditMenu floor={floor} onEdit={setMode} hasPlan={plan !== null} />
              </>
            )
          }
          overlay={
            editing ? null : (
              <Stack gap="xs" align="flex-start">
                {!plan && <NoPlanNotice mayEdit={mayEditFloorPlans(ability)} />}
                <MapLegend entries={legendOf(rows, context)} />
              </Stack>
            )
          }
          h="100%"
          streets={basemap.streetsShown}
        >
          {basemap.layers}
          {mode === 'view' && <FloorUnitsLayer floor={floor} />}
          {mode === 'view' && coverage.layers}
          {mode === 'plan' && <PlanEditor {...editor} />}
          {editsMarkers && <MarkerEditor {...editor} kind={mode} />}
          {mode === 'units' && <UnitEditor {...editor} />}
        </FloorMap>
      </div>
      {mayListGateways && !editing && (
        <div className={classes.sideColumn}>
          {alertTrackers.length > 0 && (
            <FloorAlertList trackers={alertTrackers} selectedId={selectedAlertId} onSelect={selectAlert} />
          )}
          {responders.length > 0 && (
            <FloorResponderList trackers={responders} selectedId={selectedAlertId} onSelect={selectAlert} />
          )}
          <FloorGatewayList
            rows={listRows}
            pending={listRows !== rows}
            total={gateways.data?.total ?? rows.length}
            selectedId={selectedId}
            onSelect={setSelectedId}
            linkToDetail={ability.can('read', 'Gateway')}
          />
        </div>
      )}
    </div>
  );
}

const NO_MARKERS: readonly MapMarker[] = [];
const NO_ROWS: readonly FloorGateway[] = [];
const NO_TRACKERS: readonly MapTrackerCircle[] = [];

function Loading() {
  return (
    <Center className={classes.body}>
      <Stack align="center" gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Loading this floor…
        </Text>
      </Stack>
    </Center>
  );
}

const NO_PLAN = 'No floor plan for this floor yet';

/** What someone who may (or may not) edit floor plans can do about a floor without one. */
function noPlanHint(mayEdit: boolean): string {
  return mayEdit
    ? 'You may edit floor plans: once this floor’s plan (a PNG or JPEG image, or a PDF’s first page) is uploaded and placed by its four corners, it is drawn here with its gateways.'
    : 'Someone who may edit floor plans can upload this floor’s plan; its gateways are then drawn on it.';
}

/** A floor with neither a plan nor a placed gateway: nothing to draw, unless its plan is uploaded. */
function NoPlan({
  mayEdit,
  floorName,
  onUpload,
}: {
  mayEdit: boolean;
  floorName: string;
  onUpload: () => void;
}) {
  return (
    <Center className={classes.body}>
      <EmptyStateWithIcon
        title={NO_PLAN}
        description={`${floorName} has no plan and no gateway placed on it. ${noPlanHint(mayEdit)}`}
        action={
          mayEdit && (
            <Button variant="light" onClick={onUpload}>
              Upload a floor plan
            </Button>
          )
        }
      />
    </Center>
  );
}

function EmptyStateWithIcon({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <Stack align="center" gap="sm" maw={520} ta="center" py="xl">
      <IconMapOff size={40} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
      {action}
    </Stack>
  );
}

/** Over a map drawn without a plan: the gateways are shown at their coordinates on a blank ground. */
function NoPlanNotice({ mayEdit }: { mayEdit: boolean }) {
  return (
    // A note, not an alert: it is there from the start and nothing has gone wrong.
    <Alert
      role="note"
      variant="white"
      color="blue"
      radius="md"
      icon={<IconInfoCircle aria-hidden />}
      title={NO_PLAN}
      maw={460}
      styles={{ root: { boxShadow: 'var(--mantine-shadow-sm)' } }}
    >
      <Text size="xs">Gateways are drawn at their coordinates on a blank ground. {noPlanHint(mayEdit)}</Text>
    </Alert>
  );
}
