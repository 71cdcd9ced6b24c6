import { useMemo, useState } from 'react';
import { Stack } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ApiKey, ApiKeyCreated } from '@vigil/domain';
import { KEYS_API, useDeleteKey } from '../../api/keys';
import { useSignedIn } from '../../session/session';
import { confirmAction } from '../../ui/confirm';
import { DataTable } from '../../ui/data-table/data-table';
import { notifyListError } from '../../ui/data-table/list-errors';
import { PageHeader } from '../../ui/page-header';
import { RowActions } from '../../ui/row-actions';
import { KeyFormModal } from './key-form-modal';
import { KeySecretModal } from './key-secret-modal';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

/** Settings › API Keys (issue 4): keys for consoles and kiosks; a new key's secret is shown once. */
export function KeysScreen() {
  const { ability } = useSignedIn();
  const remove = useDeleteKey();
  const [editing, setEditing] = useState<ApiKey | 'new' | null>(null);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const mayUpdate = ability.can('update', 'User');
  const mayDelete = ability.can('delete', 'User');

  const columns = useMemo<ColumnDef<ApiKey>[]>(
    () => [
      { id: 'name', header: 'Name', accessorKey: 'name', enableSorting: true },
      { id: 'role', header: 'Role', accessorKey: 'role', enableSorting: true },
      { id: 'zone', header: 'Zone', accessorFn: (k) => k.zone.name, enableSorting: false },
      { id: 'prefix', header: 'Key', accessorFn: (k) => `${k.prefix}…`, enableSorting: false },
      { id: 'createdAt', header: 'Created', accessorFn: (k) => when(k.createdAt), enableSorting: true },
      { id: 'lastUsedAt', header: 'Last used', accessorFn: (k) => when(k.lastUsedAt), enableSorting: false },
    ],
    [],
  );

  async function deleteKey(key: ApiKey) {
    const ok = await confirmAction({
      title: 'Delete API key',
      message: `Delete the key "${key.name}"? Consoles using it will be signed out.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (ok) remove.mutate(key.id, { onError: (err) => notifyListError('delete', err) });
  }

  return (
    <Stack>
      <PageHeader
        title="API Keys"
        description="Keys let kiosks and wall consoles sign in without a person's password."
      />
      <DataTable<ApiKey>
        api={KEYS_API}
        columns={columns}
        stateKey="keys"
        searchPlaceholder="Search by name"
        onAdd={mayUpdate ? () => setEditing('new') : undefined}
        addLabel="Add API key"
        emptyText="No API keys yet"
        rowActions={(key) => (
          <RowActions
            name={`key ${key.name}`}
            onEdit={mayUpdate ? () => setEditing(key) : undefined}
            onDelete={mayDelete ? () => void deleteKey(key) : undefined}
          />
        )}
      />
      {editing && (
        <KeyFormModal
          apiKey={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(key) => {
            setEditing(null);
            setCreated(key);
          }}
        />
      )}
      {created && <KeySecretModal apiKey={created} onClose={() => setCreated(null)} />}
    </Stack>
  );
}
