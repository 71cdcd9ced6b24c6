import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  PasswordInput,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FLOORPLAN_MESSAGES, type CameraStream, type Marker } from '@vigil/domain';
import { markerQueries, useSaveCameraStream } from '../../../api/markers';
import { reasonOf } from '../../../api/errors';
import type { Draft } from './use-draft';
import { READABLE_ERROR_STYLES } from './field-styles';
import type { MarkerActions } from './marker-details';
import {
  cameraFormDirty,
  cameraFormValues,
  cameraUpdate,
  streamFormDirty,
  streamFormValues,
  streamSave,
  type CameraFormValues,
  type StreamFormValues,
} from './marker-form';

type Errors = Partial<Record<'id' | 'name' | 'url', string>>;

type Props = {
  marker: Marker;
  draft: Draft;
  actions: MarkerActions;
  onError: (message: string | null) => void;
};

/**
 * SPEC §5 Camera edit: its id ('Must specify id') and name ('Must specify name'), saved with PUT
 * markers/{id}; and (issue 16) its stream source, saved with PUT markers/{id}/stream, whose password
 * is write-only: the form says whether one is set and never shows it.
 */
export function CameraFields(props: Props) {
  const stream = useQuery(markerQueries.stream(props.marker.id));
  if (stream.isPending) return <Loader size="sm" aria-label="Loading the camera" />;
  return (
    <CameraForm
      {...props}
      stream={stream.isError ? null : stream.data}
      streamProblem={stream.isError ? reasonOf(stream.error) : null}
    />
  );
}

function CameraForm({
  marker,
  draft,
  actions,
  onError,
  stream,
  streamProblem,
}: Props & { stream: CameraStream | null; streamProblem: string | null }) {
  const [values, setValues] = useState<CameraFormValues>(() => cameraFormValues(marker));
  const [source, setSource] = useState<StreamFormValues>(() => streamFormValues(stream));
  const [errors, setErrors] = useState<Errors>({});
  const saveStream = useSaveCameraStream(marker.id);
  // The stream fields are offered once the stored source could be read (it may not be changed blind).
  const streamShown = streamProblem === null;
  const latest = useRef({ marker, values, source, stream });
  useEffect(() => {
    latest.current = { marker, values, source, stream };
  });

  /** Checks the form first: an incomplete camera is not sent (and stays open to be finished). */
  async function save(): Promise<boolean> {
    const current = latest.current;
    const checked = cameraUpdate(current.values);
    if (!checked.ok) {
      setErrors({ [checked.field]: checked.reason });
      return false;
    }
    const plan = streamShown ? streamSave(current.stream, current.source) : ({ action: 'none' } as const);
    if (plan.action === 'invalid') {
      setErrors({ url: plan.reason });
      return false;
    }
    setErrors({});
    onError(null);
    if (!(await actions.save(current.marker, checked.body))) return false;
    if (plan.action === 'none') return true;
    try {
      await saveStream.mutateAsync(plan.action === 'put' ? plan.body : null);
      setSource((now) => ({ ...now, password: '', clearPassword: false }));
      return true;
    } catch (error) {
      onError(FLOORPLAN_MESSAGES.couldNotEditCamera(reasonOf(error)));
      return false;
    }
  }
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    draft.set({
      dirty: () => {
        const now = latest.current;
        return cameraFormDirty(now.marker, now.values) || streamFormDirty(now.stream, now.source);
      },
      save: () => saveRef.current(),
    });
    return () => draft.set(null);
  }, [draft]);

  const change = (field: keyof CameraFormValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues({ ...values, [field]: event.currentTarget.value });
    setErrors({ ...errors, [field]: undefined });
  };
  const changeSource = (next: Partial<StreamFormValues>) => {
    setSource({ ...source, ...next });
    if (next.url !== undefined) setErrors({ ...errors, url: undefined });
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
        {streamShown ? (
          <StreamFields stream={stream} values={source} urlError={errors.url} onChange={changeSource} />
        ) : (
          <Text size="xs" c="dimmed">
            The camera’s stream source could not be read: {streamProblem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" size="xs" disabled={actions.busy || saveStream.isPending}>
            Save camera
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The stream source: MJPEG or HLS, its address, and the credentials our server uses to ask it. */
function StreamFields({
  stream,
  values,
  urlError,
  onChange,
}: {
  stream: CameraStream | null;
  values: StreamFormValues;
  urlError: string | undefined;
  onChange: (next: Partial<StreamFormValues>) => void;
}) {
  const passwordSet = stream?.passwordSet === true;
  return (
    <Fieldset legend="Stream source" variant="unstyled">
      <Stack gap="xs">
        <Radio.Group
          label="Stream type"
          value={values.kind}
          onChange={(kind) => onChange({ kind: kind === 'hls' ? 'hls' : 'mjpeg' })}
        >
          <Group gap="md" mt={4}>
            <Radio value="mjpeg" label="MJPEG" />
            <Radio value="hls" label="HLS" />
          </Group>
        </Radio.Group>
        <TextInput
          label="Stream address"
          description="The camera’s http(s) address; empty: no stream"
          maxLength={2000}
          value={values.url}
          error={urlError}
          onChange={(event) => onChange({ url: event.currentTarget.value })}
          styles={READABLE_ERROR_STYLES}
        />
        <TextInput
          label="Stream user name"
          maxLength={200}
          autoComplete="off"
          value={values.username}
          onChange={(event) => onChange({ username: event.currentTarget.value })}
        />
        <PasswordInput
          label="Stream password"
          description={passwordSet ? 'Password: set (leave empty to keep it)' : 'Password: not set'}
          maxLength={200}
          autoComplete="new-password"
          value={values.password}
          disabled={values.clearPassword}
          onChange={(event) => onChange({ password: event.currentTarget.value })}
        />
        {passwordSet && (
          <Checkbox
            label="Remove the stored password"
            checked={values.clearPassword}
            onChange={(event) => onChange({ clearPassword: event.currentTarget.checked, password: '' })}
          />
        )}
      </Stack>
    </Fieldset>
  );
}
