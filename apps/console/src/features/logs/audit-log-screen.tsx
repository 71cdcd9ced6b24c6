import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ColumnDef } from '@tanstack/react-table';
import { DEBOUNCE_MS, type AuditEntry } from '@vigil/domain';
import { AUDIT_LOG_API } from '../../api/logs';
import type { CsvSpec } from '../../ui/data-table/csv';
import { DataTable } from '../../ui/data-table/data-table';
import { PageHeader } from '../../ui/page-header';
import { AuditChanges, auditValueText } from './audit-changes';

const when = (iso: string) => new Date(iso).toLocaleString();
const entityText = (e: AuditEntry) => (e.label ? `${e.entity} ${e.label}` : `${e.entity} ${e.entityId}`);

const CSV: CsvSpec<AuditEntry> = {
  filename: 'change-log',
  columns: [
    { header: 'When', date: (e) => e.at },
    { header: 'Who', value: (e) => e.actor.name },
    { header: 'Entity', value: (e) => e.entity },
    { header: 'Entity id', value: (e) => e.entityId },
    { header: 'Name', value: (e) => e.label },
    { header: 'Action', value: (e) => e.action },
    { header: 'Request id', value: (e) => e.requestId },
    {
      header: 'Changes',
      value: (e) =>
        (e.changes ?? [])
          .map((c) => `${c.path}: ${auditValueText(c.before)} -> ${auditValueText(c.after)}`)
          .join('; '),
    },
  ],
};

/**
 * Logs › Change Log (SPEC §2.1 /log/audit/{requestId?}, §7 GET log/audit): who changed what and when,
 * each entry's before/after diff. The id filter matches an entity id or a request id; the route's
 * request id fills it.
 */
export function AuditLogScreen() {
  const { requestId } = useParams();
  const navigate = useNavigate();
  const [id, setId] = useState(requestId ?? '');
  const [seenRequestId, setSeenRequestId] = useState(requestId);
  if (requestId !== seenRequestId) {
    setSeenRequestId(requestId);
    setId(requestId ?? '');
  }
  const [debouncedId] = useDebouncedValue(id.trim(), DEBOUNCE_MS);
  const params = useMemo(() => ({ includeDetails: 'true', id: debouncedId || undefined }), [debouncedId]);

  const columns = useMemo<ColumnDef<AuditEntry>[]>(
    () => [
      { id: 'at', header: 'When', accessorFn: (e) => when(e.at), enableSorting: true },
      { id: 'actor', header: 'Who', accessorFn: (e) => e.actor.name },
      {
        id: 'entity',
        header: 'What',
        enableSorting: true,
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm">{entityText(row.original)}</Text>
            <Anchor
              component={Link}
              to={`/log/audit/${encodeURIComponent(row.original.requestId)}`}
              size="xs"
            >
              Request {row.original.requestId.slice(0, 8)}
            </Anchor>
          </Stack>
        ),
      },
      { id: 'action', header: 'Action', accessorKey: 'action', enableSorting: true },
      {
        id: 'changes',
        header: 'Changes',
        cell: ({ row }) => (
          <AuditChanges
            changes={row.original.changes ?? []}
            label={`Changes to ${entityText(row.original)} at ${when(row.original.at)}`}
          />
        ),
      },
    ],
    [],
  );

  return (
    <Stack>
      <PageHeader
        title="Change Log"
        description="Every change made in this organisation: who, when, and what changed."
      />
      <Group align="flex-end">
        <TextInput
          label="Entity or request id"
          placeholder="e.g. a tag's MAC or a request id"
          value={id}
          onChange={(e) => setId(e.currentTarget.value)}
          w={360}
        />
        {(id || requestId) && (
          <Button
            variant="subtle"
            onClick={() => {
              setId('');
              if (requestId) navigate('/log/audit');
            }}
          >
            Clear
          </Button>
        )}
      </Group>
      <DataTable<AuditEntry>
        api={AUDIT_LOG_API}
        columns={columns}
        params={params}
        stateKey="logAudit"
        searchPlaceholder="Search by who, name, entity or action"
        emptyText="No changes match"
        csv={CSV}
      />
    </Stack>
  );
}
