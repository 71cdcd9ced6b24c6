import { useCallback, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Stack } from '@mantine/core';
import { OUTDOOR_TYPE_SKU, type Gateway, type GatewaySkuFilter, type OutdoorType } from '@vigil/domain';
import { SIDEBAR } from '@vigil/domain/routes';
import { GATEWAYS_API, gatewayListParams } from '../../api/gateways';
import { useSignedIn } from '../../session/session';
import { DataTable } from '../../ui/data-table/data-table';
import { GatewayBatchMenu } from '../../ui/device-batch/gateway-batch-menu';
import { PageHeader } from '../../ui/page-header';
import { useNow } from '../../ui/use-now';
import { GATEWAY_HIDDEN_COLUMNS, gatewayColumns, gatewayCsv } from './gateway-columns';

type GatewayListProps = {
  title: string;
  description: string;
  sku: GatewaySkuFilter;
  stateKey: string;
  noun: string;
};

/** One gateway list (SPEC §2.1 /gateways, /outdoor/nodes, /outdoor/bridges): the same table, another SKU family. */
function GatewayList({ title, description, sku, stateKey, noun }: GatewayListProps) {
  const navigate = useNavigate();
  const { ability } = useSignedIn();
  // Disconnected is a matter of time (SPEC §9): the status column is re-read every minute.
  const now = useNow(60_000);
  const columns = useMemo(() => gatewayColumns(now), [now]);
  const csv = useMemo(() => gatewayCsv(stateKey, () => new Date()), [stateKey]);
  const params = useMemo(() => gatewayListParams(sku), [sku]);
  const batchActions = useCallback(
    (selected: Gateway[], clear: () => void) => <GatewayBatchMenu selected={selected} clear={clear} />,
    [],
  );

  return (
    <Stack>
      <PageHeader title={title} description={description} />
      <DataTable<Gateway>
        api={GATEWAYS_API}
        columns={columns}
        params={params}
        stateKey={stateKey}
        searchPlaceholder="Search by MAC, label, notes or area"
        emptyText={`No ${noun} match`}
        csv={csv}
        selectable={ability.can('update', 'Gateway')}
        rowLabel={(gateway) => gateway.id}
        batchActions={batchActions}
        defaultHiddenColumns={GATEWAY_HIDDEN_COLUMNS}
        onRowClick={(gateway) => navigate(`/gateway/${gateway.id}`)}
      />
    </Stack>
  );
}

const GATEWAYS_ENTRY = SIDEBAR.flatMap((group) => group.entries).find(
  (entry) => entry.routeId === 'gateways',
);

/**
 * Devices › Gateways (SPEC §2.4): 'Gateways' listing every SKU, or with the outdoor flag on
 * 'Indoor Gateways' leaving nodes and bridges to their own lists.
 */
export function GatewaysScreen() {
  const { me } = useSignedIn();
  const outdoor = me.zone.config.featureFlags.outdoor === true;
  const title =
    outdoor && GATEWAYS_ENTRY?.titleWhen
      ? GATEWAYS_ENTRY.titleWhen.title
      : (GATEWAYS_ENTRY?.title ?? 'Gateways');
  return (
    <GatewayList
      key={outdoor ? 'indoor' : 'all'}
      title={title}
      description="Every gateway of the organisation: its status, last update, location and version."
      sku={outdoor ? 'indoor' : 'all'}
      stateKey={outdoor ? 'gateways-indoor' : 'gateways'}
      noun="gateways"
    />
  );
}

const OUTDOOR_TITLES = { nodes: 'Nodes', bridges: 'Bridges' } as const satisfies Record<OutdoorType, string>;

/** Devices › Outdoor › Nodes and Bridges (SPEC §2.1 /outdoor/{type}). */
export function OutdoorScreen() {
  const { type } = useParams();
  const kind: OutdoorType = type === 'bridges' ? 'bridges' : 'nodes';
  return (
    <GatewayList
      key={kind}
      title={OUTDOOR_TITLES[kind]}
      description={
        kind === 'nodes'
          ? 'Outdoor nodes (NODE SKUs) of the organisation.'
          : 'Bridges (GWL SKUs) of the organisation.'
      }
      sku={OUTDOOR_TYPE_SKU[kind]}
      stateKey={`outdoor-${kind}`}
      noun={kind}
    />
  );
}
