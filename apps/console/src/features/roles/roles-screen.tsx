import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Spoiler, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { ruleLabel } from '@vigil/domain';
import { useDeleteRole, useRoles, type RoleItem } from '../../api/roles';
import { useSignedIn } from '../../session/session';
import { confirmAction } from '../../ui/confirm';
import { notifyListError } from '../../ui/data-table/list-errors';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { PageHeader } from '../../ui/page-header';
import { TableSkeleton } from '../../ui/table-skeleton';
import { RoleModal } from './role-modal';

/** Settings › Roles (issue 4): every role and what it may do, written readably (SPEC §6). */
export function RolesScreen() {
  const { ability } = useSignedIn();
  const roles = useRoles();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<RoleItem | 'new' | null>(null);
  const mayUpdate = ability.can('update', 'Role');
  const mayDelete = ability.can('delete', 'Role');

  async function deleteRole(role: RoleItem) {
    const ok = await confirmAction({
      title: 'Delete role',
      message: `Delete the role "${role.id}"?`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (ok) remove.mutate(role.id, { onError: (err) => notifyListError('delete', err) });
  }

  return (
    <Stack>
      <PageHeader
        title="Roles"
        description="What each role may see and do. Built-in roles are fixed; add your own roles for other needs. Roles apply to every organisation."
        actions={mayUpdate && <Button onClick={() => setEditing('new')}>Add role</Button>}
      />
      {roles.isPending && <TableSkeleton rows={8} />}
      {roles.isError && <ErrorPanel error={roles.error} onRetry={() => void roles.refetch()} />}
      {roles.data && roles.data.data.length === 0 && <EmptyState title="No roles" />}
      {roles.data && roles.data.data.length > 0 && (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={300}>Role</Table.Th>
              <Table.Th>Abilities</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {roles.data.data.map((role) => (
              <Table.Tr key={role.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={600}>{role.id}</Text>
                    {role.builtIn && (
                      <Badge size="xs" variant="light">
                        built in
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {role.abilities.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      No abilities
                    </Text>
                  ) : (
                    <Spoiler maxHeight={72} showLabel="Show all" hideLabel="Show less">
                      <Stack gap={2}>
                        {role.abilities.map((rule, i) => (
                          <Text key={i} size="sm">
                            {ruleLabel(rule)}
                          </Text>
                        ))}
                      </Stack>
                    </Spoiler>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {mayUpdate && !role.builtIn && (
                      <Tooltip label="Edit">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit role ${role.id}`}
                          onClick={() => setEditing(role)}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {mayDelete && !role.builtIn && (
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete role ${role.id}`}
                          onClick={() => void deleteRole(role)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && <RoleModal role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
