import { useEffect, useRef, useState } from 'react';
import { Button, Chip, Fieldset, Group, Textarea } from '@mantine/core';
import { markerLabelOptions, type Marker } from '@vigil/domain';
import type { Draft } from './use-draft';
import type { MarkerActions } from './marker-details';
import { markerFormDirty, markerFormValues, markerUpdateBody, type MarkerFormValues } from './marker-form';

/**
 * A marker's labels (SPEC §9: the indoor list, plus the outdoor one on an outdoor floor) and notes,
 * saved with PUT markers/{id}. The editor asks 'Save changes?' when it is left with changes.
 */
export function MarkerFields({
  marker,
  outdoor,
  draft,
  actions,
  onError,
}: {
  marker: Marker;
  outdoor: boolean;
  draft: Draft;
  actions: MarkerActions;
  onError: (message: string | null) => void;
}) {
  const [values, setValues] = useState<MarkerFormValues>(() => markerFormValues(marker));
  const latest = useRef({ marker, values, actions });
  useEffect(() => {
    latest.current = { marker, values, actions };
  });
  useEffect(() => {
    draft.set({
      dirty: () => markerFormDirty(latest.current.marker, latest.current.values),
      save: () => {
        const current = latest.current;
        return current.actions.save(current.marker, markerUpdateBody(current.values));
      },
    });
    return () => draft.set(null);
  }, [draft]);

  const dirty = markerFormDirty(marker, values);
  // Labels the marker has that the floor's list lacks (e.g. after the floor's category changed) stay shown.
  const options = [...new Set([...markerLabelOptions(outdoor), ...values.labels])];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onError(null);
        void actions.save(marker, markerUpdateBody(values));
      }}
    >
      <Fieldset legend="Labels" variant="unstyled" mb="xs">
        <Chip.Group multiple value={values.labels} onChange={(labels) => setValues({ ...values, labels })}>
          <Group gap={6}>
            {options.map((label) => (
              <Chip key={label} value={label} size="xs">
                {label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Fieldset>
      <Textarea
        label="Notes"
        // Not autosize: it measures fonts the page may not have loaded, and a fixed box is enough here.
        rows={3}
        maxLength={2000}
        value={values.notes}
        onChange={(event) => setValues({ ...values, notes: event.currentTarget.value })}
      />
      <Group justify="flex-end" mt="xs">
        <Button type="submit" size="xs" disabled={!dirty || actions.busy}>
          Save marker
        </Button>
      </Group>
    </form>
  );
}
