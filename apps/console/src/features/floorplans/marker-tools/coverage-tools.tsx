import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { IconStethoscope } from '@tabler/icons-react';
import type { AppAbility, Zone } from '@vigil/domain';
import { gatewayMetricsQueries } from '../../../api/gateway-metrics';
import { useSignedIn } from '../../../session/session';
import { ToolButton } from '../../../ui/map/tool-button';
import { useNow } from '../../../ui/use-now';
import { colourContextOf, legendOf, type FloorGateway } from '../gateway-markers';
import { CoverageLayer } from './coverage-layer';
import { coveragePoints, type CoverageMode } from './coverage-layers';
import { CoverageMenu } from './coverage-menu';
import { diagnosticsLabels } from './diagnostics-labels';
import { DiagnosticsList, DiagnosticsMarkers } from './diagnostics-layer';
import { FilterMenu } from './filter-menu';
import { FloorReadoutPanel } from './floor-readout-panel';
import { NO_FILTER, filterRows, type MarkerFilter } from './marker-filter';
import classes from './coverage.module.css';

/** What the marker toolbar's coverage, diagnostics and filter tools add to the floor's map. */
export type CoverageTools = {
  /** ToolButtons for FloorMap's `tools`. */
  tools: ReactNode;
  /** Children of FloorMap: the heatmap layer, the super admin's floor area and density. */
  layers: ReactNode;
  /** The rows the filter lets through (all of them when no filter is set). */
  rows: readonly FloorGateway[];
};

/** SPEC §2.7, §6: the coverage heatmap, floor area and density are the super admin's (role superAdmin). */
export function isSuperAdmin(role: string): boolean {
  return role === 'superAdmin';
}

/**
 * SPEC §2.7: the diagnostics toggle is for whoever may read a gateway's status (SPEC §6), and reads
 * GET metrics/gateways, which needs read Gateway.
 */
export function mayReadDiagnostics(ability: AppAbility): boolean {
  const status = ability.can('read', 'Gateway', 'status') || ability.can('read', 'Gateway', 'realTimeStatus');
  return status && ability.can('read', 'Gateway');
}

/**
 * SPEC §2.7 marker toolbar: diagnostics, filter and (for super admins) the coverage heatmap, in that
 * order after FloorMap's refresh and labels; the super admin's floor area and marker density.
 */
export function useCoverageTools(floor: Zone, rows: readonly FloorGateway[]): CoverageTools {
  const { ability, me } = useSignedIn();
  const superAdmin = isSuperAdmin(me.role);
  const diagnosticsAllowed = mayReadDiagnostics(ability);
  const [mode, setMode] = useState<CoverageMode>('off');
  const [diagnostics, setDiagnostics] = useState(false);
  const [filter, setFilter] = useState<MarkerFilter>(NO_FILTER);

  const shown = useMemo(() => filterRows(rows, filter), [rows, filter]);
  const entries = useMemo(() => legendOf(rows, colourContextOf(ability)), [rows, ability]);
  const category = typeof floor.config.category === 'string' ? floor.config.category : null;
  const points = useMemo(() => coveragePoints(shown, category), [shown, category]);

  const tools = (
    <>
      {diagnosticsAllowed && (
        <ToolButton
          label="Diagnostics"
          hint={diagnostics ? 'Hide diagnostics' : 'Show diagnostics (button, coverage, floor)'}
          icon={IconStethoscope}
          pressed={diagnostics}
          onClick={() => setDiagnostics((on) => !on)}
        />
      )}
      <FilterMenu
        entries={entries}
        filter={filter}
        onChange={setFilter}
        shown={shown.length}
        total={rows.length}
      />
      {superAdmin && <CoverageMenu mode={mode} onChange={setMode} />}
    </>
  );

  const showDiagnostics = diagnosticsAllowed && diagnostics;
  const layers = (
    <>
      {superAdmin && mode !== 'off' && <CoverageLayer mode={mode} points={points} />}
      {(showDiagnostics || superAdmin) && (
        <div className={classes.corner}>
          {showDiagnostics && <Diagnostics floorId={floor.id} rows={shown} />}
          {superAdmin && <FloorReadoutPanel floor={floor} rows={rows} />}
        </div>
      )}
    </>
  );

  return { tools, layers, rows: shown };
}

/**
 * The shown gateways' diagnostics: the 24-hour metrics, else what each last reported; as labels
 * beside the markers and as the key (and list) in the map's corner.
 */
function Diagnostics({ floorId, rows }: { floorId: string; rows: readonly FloorGateway[] }) {
  const metrics = useQuery(gatewayMetricsQueries.zone(floorId));
  const now = useNow(60_000);
  const labels = useMemo(() => diagnosticsLabels(rows, metrics.data, now), [rows, metrics.data, now]);
  const source = metrics.data ? 'metrics' : metrics.isPending ? 'loading' : 'reported';
  return (
    <>
      <DiagnosticsMarkers labels={labels} />
      <DiagnosticsList labels={labels} source={source} />
    </>
  );
}
