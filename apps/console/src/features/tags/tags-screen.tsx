import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Group, NativeSelect, Stack } from '@mantine/core';
import { TAG_CONFIG_STATES, type Tag } from '@vigil/domain';
import { TAGS_API } from '../../api/tags';
import { useSignedIn } from '../../session/session';
import { DataTable } from '../../ui/data-table/data-table';
import { PageHeader } from '../../ui/page-header';
import { tagColumns, tagCsv } from './tag-columns';
import { TagBatchMenu } from './tag-batch-menu';
import { tagStateLabel, words } from './tag-fields';
import { BATTERY_FILTERS, tagListParams, useTagFilters, type TagFilters } from './use-tag-filters';

const options = (values: readonly string[], all: string, label: (v: string) => string) => [
  { value: '', label: all },
  ...values.map((value) => ({ value, label: label(value) })),
];

/** Devices › Tags: find a tag among many, see its health, and act on many at once. */
export function TagsScreen() {
  const navigate = useNavigate();
  const { ability } = useSignedIn();
  const [filters, update] = useTagFilters();
  const battery = ability.can('read', 'Tag', 'batteryLevel');
  const params = useMemo(() => tagListParams(filters), [filters]);
  const columns = useMemo(() => tagColumns({ battery }), [battery]);
  const csv = useMemo(() => tagCsv({ battery }), [battery]);
  const batchActions = useCallback(
    (selected: Tag[], clear: () => void) => <TagBatchMenu selected={selected} clear={clear} />,
    [],
  );

  return (
    <Stack>
      <PageHeader
        title="Tags"
        description="Every tag of the organisation: who wears it, its state and health."
      />
      <Group align="flex-end" gap="md">
        <NativeSelect
          label="State"
          data={options(TAG_CONFIG_STATES, 'All states', (s) => tagStateLabel(s as Tag['config']['state']))}
          value={filters.state ?? ''}
          onChange={(e) => update({ state: (e.currentTarget.value || null) as TagFilters['state'] })}
        />
        {battery && (
          <NativeSelect
            label="Battery"
            data={options(BATTERY_FILTERS, 'All batteries', words)}
            value={filters.battery ?? ''}
            onChange={(e) => update({ battery: (e.currentTarget.value || null) as TagFilters['battery'] })}
          />
        )}
      </Group>
      <DataTable<Tag>
        api={TAGS_API}
        columns={columns}
        params={params}
        stateKey="tags"
        searchPlaceholder="Search by tag, owner or label"
        emptyText="No tags match"
        csv={csv}
        selectable={ability.can('update', 'Tag')}
        rowLabel={(tag) => tag.id}
        batchActions={batchActions}
        onRowClick={(tag) => navigate(`/tag/${tag.id}`)}
      />
    </Stack>
  );
}
