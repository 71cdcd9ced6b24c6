import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  ASSET_MESSAGES,
  ASSET_STATUS_HELP,
  assetStatusLabel,
  type AssetDetail,
  type AssetStatus,
} from '@vigil/domain';
import { assetQueries } from '../../api/assets';
import { useSignedIn } from '../../session/session';
import { ErrorPanel } from '../../ui/error-panel';
import { FactsList, type Fact } from '../../ui/facts-list';
import { PageHeader } from '../../ui/page-header';
import { TableSkeleton } from '../../ui/table-skeleton';
import { lastLocationText } from './asset-columns';
import { AssetEditModal, PENDING_HELP } from './asset-edit-modal';
import { AssetFloorPanel } from './asset-floor-panel';

/** /assets/{id} (SPEC §2.1 asset floor plan): one asset, its status and notes, and its floor with its tracker. */
export function AssetDetailScreen() {
  const { id = '' } = useParams();
  const asset = useQuery(assetQueries.detail(id));

  if (asset.isPending) return <TableSkeleton rows={6} columns={2} />;
  if (asset.isError)
    return (
      <Stack>
        <PageHeader title="Asset" />
        <ErrorPanel
          error={asset.error}
          title={ASSET_MESSAGES.loadFailed}
          onRetry={() => void asset.refetch()}
        />
        <AllAssets />
      </Stack>
    );
  return <AssetDetailView asset={asset.data} />;
}

function AssetDetailView({ asset }: { asset: AssetDetail }) {
  const { ability } = useSignedIn();
  const [editing, setEditing] = useState(false);
  const mapShown = ability.can('read', 'FloorPlan') && ability.can('read', 'Zone');

  return (
    <Stack>
      <PageHeader
        title={asset.name}
        description={asset.tagId ? `Tag ${asset.tagId}` : 'No tag'}
        actions={
          ability.can('update', 'Asset') && (
            <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
              Edit status and notes
            </Button>
          )
        }
      />
      <Paper withBorder p="md">
        <AssetFacts asset={asset} />
      </Paper>
      {mapShown && <AssetFloorPanel asset={asset} />}
      <AllAssets />
      {editing && <AssetEditModal asset={asset} onClose={() => setEditing(false)} />}
    </Stack>
  );
}

function AllAssets() {
  return (
    <Text size="xs" c="dimmed">
      <Anchor component={Link} to="/assets">
        All assets
      </Anchor>
    </Text>
  );
}

/** The asset's facts, '—' where one has no value (SPEC §3 Asset, issue 20's last location). */
function AssetFacts({ asset }: { asset: AssetDetail }) {
  const help = asset.status ? ASSET_STATUS_HELP[asset.status as AssetStatus] : PENDING_HELP;
  const facts: Fact[] = [
    ['Status', `${assetStatusLabel(asset.status)}${help ? ` — ${help}` : ''}`],
    ['Notes', asset.notes],
    ['Last location', lastLocationText(asset.lastSeen)],
    ['Floor', asset.lastSeen?.floor],
    ['Last seen', asset.lastSeen && new Date(asset.lastSeen.at).toLocaleString()],
    ['Belongs to', asset.zonePath ?? 'The whole organisation'],
  ];
  return <FactsList facts={facts} cols={{ base: 1, sm: 2, md: 3 }} placeholder="—" variant="compact" />;
}
