import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ApiKey, ApiKeyCreated } from '@vigil/domain';
import { KEYS_API, useDeleteKey } from '../../api/keys';
import { CrudListScreen } from '../../ui/list-screen';
import { KeyFormModal } from './key-form-modal';
import { KeySecretModal } from './key-secret-modal';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

const COLUMNS: ColumnDef<ApiKey>[] = [
  { id: 'name', header: 'Name', accessorKey: 'name', enableSorting: true },
  { id: 'role', header: 'Role', accessorKey: 'role', enableSorting: true },
  { id: 'zone', header: 'Zone', accessorFn: (k) => k.zone.name, enableSorting: false },
  { id: 'prefix', header: 'Key', accessorFn: (k) => `${k.prefix}…`, enableSorting: false },
  { id: 'createdAt', header: 'Created', accessorFn: (k) => when(k.createdAt), enableSorting: true },
  { id: 'lastUsedAt', header: 'Last used', accessorFn: (k) => when(k.lastUsedAt), enableSorting: false },
];

/** Settings › API Keys: keys for consoles and kiosks; a new key's secret is shown once. */
export function KeysScreen() {
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  return (
    <CrudListScreen<ApiKey>
      title="API Keys"
      description="Keys let kiosks and wall consoles sign in without a person's password."
      api={KEYS_API}
      columns={COLUMNS}
      stateKey="keys"
      labels={{
        search: 'Search by name',
        add: 'Add API key',
        empty: 'No API keys yet',
        row: (key) => `key ${key.name}`,
      }}
      // SPEC §6 has no subject for keys: the server checks the User abilities, and so does the screen.
      permissions={{ subject: 'User' }}
      remove={useDeleteKey()}
      deleteConfirm={{
        title: 'Delete API key',
        message: (key) => `Delete the key "${key.name}"? Consoles using it will be signed out.`,
      }}
      form={(key, close) => (
        <KeyFormModal
          apiKey={key}
          onClose={close}
          onCreated={(createdKey) => {
            close();
            setCreated(createdKey);
          }}
        />
      )}
    >
      {created && <KeySecretModal apiKey={created} onClose={() => setCreated(null)} />}
    </CrudListScreen>
  );
}
