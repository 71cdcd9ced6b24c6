import { useState } from 'react';
import { Checkbox, Table, Text, TextInput } from '@mantine/core';
import {
  ACTIONS,
  SUBJECTS,
  abilityMatrix,
  fieldsOf,
  rulesFromMatrix,
  type AbilityMatrix,
  type Action,
  type Field,
  type Subject,
} from '@vigil/domain';
import { useCreateRole, useUpdateRole, type RoleItem } from '../../api/roles';
import { createOrUpdate } from '../../ui/create-or-update';
import { EditModal } from '../../ui/edit-modal';

type Row = { subject: Subject; field?: Field };
const ROWS: Row[] = SUBJECTS.flatMap((subject) => [
  { subject },
  ...fieldsOf(subject).map((field) => ({ subject, field })),
]);

/** Create or edit a role as a matrix of subjects (and their fields) × actions (SPEC §6). */
export function RoleModal({ role, onClose }: { role: RoleItem | null; onClose: () => void }) {
  const create = useCreateRole();
  const update = useUpdateRole();
  const [name, setName] = useState(role?.id ?? '');
  const [matrix, setMatrix] = useState<AbilityMatrix>(() => abilityMatrix(role?.abilities ?? []));

  const actionsOf = ({ subject, field }: Row): Action[] =>
    field
      ? (matrix.fields[subject]?.[field] ?? matrix.subjects[subject] ?? [])
      : (matrix.subjects[subject] ?? []);

  function toggle(row: Row, action: Action, on: boolean) {
    const current = actionsOf(row);
    const next = on ? [...current, action] : current.filter((a) => a !== action);
    setMatrix((m) => {
      if (!row.field) return { ...m, subjects: { ...m.subjects, [row.subject]: next } };
      const fields = Object.fromEntries(
        fieldsOf(row.subject).map((f) => [f, actionsOf({ subject: row.subject, field: f })]),
      );
      return { ...m, fields: { ...m.fields, [row.subject]: { ...fields, [row.field]: next } } };
    });
  }

  async function submit() {
    const abilities = rulesFromMatrix(matrix);
    await createOrUpdate(role, {
      create: () => create.mutateAsync({ id: name.trim(), abilities }),
      update: ({ id }) => update.mutateAsync({ id, abilities }),
    });
  }

  return (
    <EditModal
      opened
      onClose={onClose}
      title={role ? `Edit role ${role.id}` : 'Add role'}
      onSubmit={submit}
      submitLabel={role ? 'Save' : 'Add role'}
      submitDisabled={!role && !/^[a-zA-Z][a-zA-Z0-9]{1,39}$/.test(name.trim())}
      size="xl"
    >
      <TextInput
        label="Name"
        required
        disabled={!!role}
        value={name}
        description={role ? undefined : '2 to 40 letters and digits, starting with a letter.'}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Text size="sm" c="dimmed">
        A field row (indented) follows its subject unless you change it.
      </Text>
      <Table.ScrollContainer minWidth={480} mah={420}>
        <Table stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Subject</Table.Th>
              {ACTIONS.map((a) => (
                <Table.Th key={a}>{a}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ROWS.map((row) => {
              const label = row.field ? `${row.subject} ${row.field}` : row.subject;
              const actions = actionsOf(row);
              return (
                <Table.Tr key={label}>
                  <Table.Td pl={row.field ? 'xl' : undefined}>
                    <Text size="sm" fw={row.field ? 400 : 600}>
                      {row.field ?? row.subject}
                    </Text>
                  </Table.Td>
                  {ACTIONS.map((a) => (
                    <Table.Td key={a}>
                      <Checkbox
                        aria-label={`${a} ${label}`}
                        checked={actions.includes(a)}
                        onChange={(e) => toggle(row, a, e.currentTarget.checked)}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </EditModal>
  );
}
