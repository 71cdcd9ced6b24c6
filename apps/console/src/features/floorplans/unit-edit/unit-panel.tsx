import type { ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle, IconPolygon } from '@tabler/icons-react';
import type { MapUnitRow } from './unit-geojson';
import classes from './unit-edit.module.css';

// The unit editor's panel (SPEC §2.7 units add/edit): the floor's units, and the form of the one
// being drawn or edited. Everything here works from the keyboard; only the drawing is on the map.

/** The floor's units; each is a button choosing it (its polygon is selected on the map too). */
export function UnitList({
  rows,
  selectedId,
  onSelect,
  disabled,
}: {
  rows: readonly MapUnitRow[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  disabled: boolean;
}) {
  if (rows.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        No units on this floor yet. Draw one to add it; it is also a zone under this floor on the Zones
        screen.
      </Text>
    );
  }
  return (
    <ul className={classes.list} aria-label="Units on this floor">
      {rows.map((row) => (
        <li key={row.id}>
          <UnstyledButton
            className={classes.item}
            aria-pressed={row.id === selectedId}
            disabled={disabled}
            onClick={() => onSelect(row.id)}
          >
            <Text size="sm" span truncate>
              {row.name}
            </Text>
            <Group gap={4} wrap="nowrap">
              {!row.geometry && (
                <Badge size="xs" variant="light" color="gray">
                  Not drawn
                </Badge>
              )}
              {row.state === 'inactive' && (
                <Badge size="xs" variant="outline" color="gray">
                  Inactive
                </Badge>
              )}
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </ul>
  );
}

export type UnitFormProps = {
  title: string;
  name: string;
  nameError: string | null;
  onName: (name: string) => void;
  /** Null for a unit not saved yet (it is saved active). */
  active: boolean | null;
  onToggleActive: (active: boolean) => void;
  hint: ReactNode;
  /** The outline drawing is missing: offers to draw it. */
  onDrawOutline?: () => void;
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
  onDelete?: () => void;
  busy: boolean;
};

/** The unit being drawn or edited: its name (required), its state, save, cancel and delete. */
export function UnitForm(props: UnitFormProps) {
  const { title, name, nameError, onName, active, hint, busy } = props;
  return (
    <form
      // SPEC §5's own words ('Must specify a name'), not the browser's, say the name is missing.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave();
      }}
    >
      <Stack gap="xs">
        <Title order={3} size="h6">
          {title}
        </Title>
        <TextInput
          label="Unit name"
          required
          value={name}
          error={nameError}
          onChange={(event) => onName(event.currentTarget.value)}
          data-autofocus
        />
        {active !== null && (
          <Switch
            label="Active"
            description="An inactive unit and its areas are kept but shown greyed."
            checked={active}
            disabled={busy}
            onChange={(event) => props.onToggleActive(event.currentTarget.checked)}
          />
        )}
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
        {props.onDrawOutline && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPolygon size={14} aria-hidden />}
            onClick={props.onDrawOutline}
          >
            Draw its outline
          </Button>
        )}
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Button type="submit" size="xs" loading={props.saving} disabled={!props.canSave || busy}>
              Save unit
            </Button>
            <Button variant="default" size="xs" onClick={props.onCancel} disabled={props.saving}>
              Cancel
            </Button>
          </Group>
          {props.onDelete && (
            <Button variant="subtle" color="red" size="xs" onClick={props.onDelete} disabled={busy}>
              Delete
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** SPEC §8: 'Sorry, could not edit unit: <reason>'. */
export function UnitError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" p="xs">
      <Text size="xs">{message}</Text>
    </Alert>
  );
}
