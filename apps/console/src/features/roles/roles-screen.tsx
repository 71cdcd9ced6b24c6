import { useState } from 'react';
import { Badge, Button, Group, Spoiler, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { ruleLabel } from '@vigil/domain';
import { useDeleteRole, useRoles, type RoleItem } from '../../api/roles';
import { useSignedIn } from '../../session/session';
import { confirmDelete } from '../../ui/confirm-delete';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { PageHeader } from '../../ui/page-header';
import { RowActions } from '../../ui/row-actions';
import { TableSkeleton } from '../../ui/table-skeleton';
import { RoleModal } from './role-modal';

/** Settings › Roles: every role and what it may do, written readably (SPEC §6). */
export function RolesScreen() {
  const { ability } = useSignedIn();
  const roles = useRoles();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<RoleItem | 'new' | null>(null);
  const mayUpdate = ability.can('update', 'Role');
  const mayDelete = ability.can('delete', 'Role');

  const deleteRole = (role: RoleItem) =>
    confirmDelete(role, remove, { title: 'Delete role', message: (r) => `Delete the role "${r.id}"?` });

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
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
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
                    <Spoiler
                      maxHeight={72}
                      showLabel="Show all"
                      hideLabel="Show less"
                      attributes={{ content: { 'aria-label': `Abilities of ${role.id}` } }}
                    >
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
                  <RowActions
                    name={`role ${role.id}`}
                    onEdit={mayUpdate && !role.builtIn ? () => setEditing(role) : undefined}
                    onDelete={mayDelete && !role.builtIn ? () => void deleteRole(role) : undefined}
                  />
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
