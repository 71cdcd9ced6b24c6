import { useEffect, useRef, useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { Marker } from '@vigil/domain';
import type { Draft } from './use-draft';
import { READABLE_ERROR_STYLES } from './field-styles';
import type { MarkerActions } from './marker-details';
import { cameraFormDirty, cameraFormValues, cameraUpdate, type CameraFormValues } from './marker-form';

type Errors = Partial<Record<'id' | 'name', string>>;

/** SPEC §5 Camera edit: its id ('Must specify id') and name ('Must specify name'), saved with PUT markers/{id}. */
export function CameraFields({
  marker,
  draft,
  actions,
  onError,
}: {
  marker: Marker;
  draft: Draft;
  actions: MarkerActions;
  onError: (message: string | null) => void;
}) {
  const [values, setValues] = useState<CameraFormValues>(() => cameraFormValues(marker));
  const [errors, setErrors] = useState<Errors>({});
  const latest = useRef({ marker, values });
  useEffect(() => {
    latest.current = { marker, values };
  });

  /** Checks the form first: an incomplete camera is not sent (and stays open to be finished). */
  async function save(): Promise<boolean> {
    const current = latest.current;
    const checked = cameraUpdate(current.values);
    if (!checked.ok) {
      setErrors({ [checked.field]: checked.reason });
      return false;
    }
    setErrors({});
    onError(null);
    return actions.save(current.marker, checked.body);
  }
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    draft.set({
      dirty: () => cameraFormDirty(latest.current.marker, latest.current.values),
      save: () => saveRef.current(),
    });
    return () => draft.set(null);
  }, [draft]);

  const change = (field: keyof CameraFormValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues({ ...values, [field]: event.currentTarget.value });
    setErrors({ ...errors, [field]: undefined });
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="xs">
        <TextInput
          label="Camera id"
          required
          maxLength={100}
          value={values.id}
          error={errors.id}
          onChange={change('id')}
          styles={READABLE_ERROR_STYLES}
        />
        <TextInput
          label="Camera name"
          required
          maxLength={200}
          value={values.name}
          error={errors.name}
          onChange={change('name')}
          styles={READABLE_ERROR_STYLES}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" disabled={actions.busy}>
            Save camera
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
