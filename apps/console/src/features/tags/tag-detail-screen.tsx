import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHistory, IconPencil } from '@tabler/icons-react';
import { COLLECTION_URGENCY_LABELS, REPLACEMENT_TIMELINE_LABELS, type TagDetail } from '@vigil/domain';
import { messages } from '../../api/messages';
import { useTag, useUpdateTag } from '../../api/tags';
import { useZone } from '../../api/zones';
import { useSignedIn } from '../../session/session';
import { ErrorPanel } from '../../ui/error-panel';
import { FactsList, type Fact } from '../../ui/facts-list';
import { PageHeader } from '../../ui/page-header';
import { TableSkeleton } from '../../ui/table-skeleton';
import {
  batteryLabelText,
  batteryLevelText,
  batteryLifeOf,
  firmwareText,
  lastSeenOf,
  locationText,
  tagStateLabel,
  words,
} from './tag-fields';
import { TagEditModal } from './tag-edit-modal';

function ZoneName({ id }: { id: string }) {
  const zone = useZone(id);
  return <>{zone.data?.name ?? (zone.isError ? 'Unknown zone' : 'Loading…')}</>;
}

const REPLACEMENT = [REPLACEMENT_TIMELINE_LABELS.overdue, REPLACEMENT_TIMELINE_LABELS.soon] as const;

/** /tag/{id}: one tag's state, owner, health and history, with its edits. */
export function TagDetailScreen() {
  const { id = '' } = useParams();
  const tag = useTag(id);

  if (tag.isPending) return <TableSkeleton rows={6} columns={2} />;
  if (tag.isError) return <ErrorPanel error={tag.error} onRetry={() => void tag.refetch()} />;
  return <TagDetailView tag={tag.data} />;
}

function TagDetailView({ tag }: { tag: TagDetail }) {
  const { ability } = useSignedIn();
  const update = useUpdateTag();
  const [editing, setEditing] = useState(false);
  const { config } = tag;
  const mayEdit = ability.can('update', 'Tag');
  const mayMaint = ability.can('update', 'Tag', 'maintMode');

  function toggleMaintenance(maintMode: boolean) {
    update.mutate(
      { id: tag.id, maintMode },
      {
        onError: (err) => notifications.show({ color: 'red', message: messages.couldNotUpdate(err) }),
      },
    );
  }

  return (
    <Stack>
      <PageHeader
        title={`Tag ${tag.id}`}
        description={config.owner?.name ? `Worn by ${config.owner.name}` : 'No owner'}
        actions={
          <>
            <Button
              variant="default"
              component={Link}
              to={`/log/audit/${tag.id}`}
              leftSection={<IconHistory size={16} aria-hidden />}
            >
              Change log
            </Button>
            {mayEdit && (
              <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
          </>
        }
      />
      <Paper withBorder p="md">
        <TagFacts tag={tag} />
      </Paper>
      <Group>
        <Switch
          label="Maintenance mode"
          checked={tag.maintMode}
          disabled={!mayMaint || update.isPending}
          description={mayMaint ? undefined : 'You may not change maintenance mode.'}
          onChange={(e) => toggleMaintenance(e.currentTarget.checked)}
        />
      </Group>
      <Text size="xs" c="dimmed">
        <Anchor component={Link} to="/tags">
          All tags
        </Anchor>
      </Text>
      {editing && <TagEditModal tag={tag} onClose={() => setEditing(false)} />}
    </Stack>
  );
}

/** The tag's facts, '—' where one has no value (SPEC §3 Tag config and state). */
function TagFacts({ tag }: { tag: TagDetail }) {
  const { ability } = useSignedIn();
  const { config } = tag;
  const seen = lastSeenOf(tag);
  const collection = config.collection && config.collection.reason !== 'none' ? config.collection : null;
  const owner = config.owner;
  const facts: Fact[] = [
    ['State', config.state ? tagStateLabel(config.state) : messages.tagStateNotFound],
    ['Owner', owner?.name && `${owner.name}${owner.personId ? ` (${owner.personId})` : ''}`],
    ['Label', config.label],
    ...(ability.can('read', 'Tag', 'batteryLevel')
      ? ([
          ['Battery', batteryLevelText(tag)],
          ['Battery life', batteryLifeOf(tag)],
          ['Battery label', batteryLabelText(tag)],
        ] as const)
      : []),
    ['Firmware', firmwareText(tag)],
    ['Last seen', seen && new Date(seen).toLocaleString()],
    ['Location', locationText(tag.location)],
    ['Collection reason', collection && words(collection.reason)],
    ['Collection urgency', collection && COLLECTION_URGENCY_LABELS[collection.urgency]],
    [
      'Replacement timeline',
      tag.replacementTimeline !== null && (
        <Badge color={tag.replacementTimeline === 0 ? 'red' : 'yellow'} variant="dot">
          {REPLACEMENT[tag.replacementTimeline]}
        </Badge>
      ),
    ],
    ['Reusable', tag.reusable ? 'Yes' : 'No'],
    ['Invoice zone', tag.invoiceZone && <ZoneName id={tag.invoiceZone} />],
    ['Distribution station', tag.stationName],
    ['SKU', config.logistics?.sku],
  ];
  return <FactsList facts={facts} cols={{ base: 1, sm: 2, md: 3 }} placeholder="—" variant="compact" />;
}
