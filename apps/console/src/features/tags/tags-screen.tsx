import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { NativeSelect, Stack } from '@mantine/core';
import { TAG_CONFIG_STATES, type Tag } from '@vigil/domain';
import { TAGS_API } from '../../api/tags';
import { useSignedIn } from '../../session/session';
import { DataTable } from '../../ui/data-table/data-table';
import { TagBatchMenu } from '../../ui/device-batch/tag-batch-menu';
import { PageHeader } from '../../ui/page-header';
import { TAG_HIDDEN_COLUMNS, tagColumns, tagCsv } from './tag-columns';
import { tagStateLabel, words } from './tag-fields';
import { BATTERY_FILTERS, tagListParams, useTagFilters, type TagFilters } from './use-tag-filters';

// The filters sit on the table's toolbar without a visible label, so each choice says what it
// filters: 'All states' or 'Deployed', 'All batteries' or 'Battery low'.
const batteryFilterLabel = (level: string) => `Battery ${words(level).toLowerCase()}`;

const options = (values: readonly string[], all: string, label: (v: string) => string) => [
  { value: '', label: all },
  ...values.map((value) => ({ value, label: label(value) })),
];

/** The state and battery filters, on the table's toolbar. */
function TagListFilters({
  filters,
  update,
  battery,
}: {
  filters: TagFilters;
  update: (patch: Partial<TagFilters>) => void;
  /** Whether the caller may read batteries, and so filter by them. */
  battery: boolean;
}) {
  return (
    <>
      <NativeSelect
        aria-label="State"
        data={options(TAG_CONFIG_STATES, 'All states', (s) => tagStateLabel(s as Tag['config']['state']))}
        value={filters.state ?? ''}
        onChange={(e) => update({ state: (e.currentTarget.value || null) as TagFilters['state'] })}
      />
      {battery && (
        <NativeSelect
          aria-label="Battery"
          data={options(BATTERY_FILTERS, 'All batteries', batteryFilterLabel)}
          value={filters.battery ?? ''}
          onChange={(e) => update({ battery: (e.currentTarget.value || null) as TagFilters['battery'] })}
        />
      )}
    </>
  );
}

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
      <DataTable<Tag>
        api={TAGS_API}
        columns={columns}
        defaultHiddenColumns={TAG_HIDDEN_COLUMNS}
        params={params}
        filters={<TagListFilters filters={filters} update={update} battery={battery} />}
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
