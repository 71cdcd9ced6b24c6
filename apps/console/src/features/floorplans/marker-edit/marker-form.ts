import {
  MARKER_AREA_REQUIRED,
  cameraError,
  cameraUrlError,
  parseMac,
  type CameraStream,
  type CameraStreamBody,
  type Marker,
  type MarkerUpdateBody,
  type VideoStreamKind,
} from '@vigil/domain';
import type { FloorArea } from '../../../api/markers';

// The marker and camera forms as data: their values from a marker, the PUT body they save, and
// what is wrong with them before anything is sent (SPEC §5's texts).

export type MarkerFormValues = { labels: string[]; notes: string };
export type CameraFormValues = { id: string; name: string };

export function markerFormValues(marker: Marker): MarkerFormValues {
  return { labels: [...(marker.config.labels ?? [])], notes: marker.config.notes ?? '' };
}

export function cameraFormValues(marker: Marker): CameraFormValues {
  return { id: marker.config.camera?.id ?? '', name: marker.config.camera?.name ?? '' };
}

/** Whether the form holds something its marker does not (leaving then asks 'Save changes?'). */
export function markerFormDirty(marker: Marker, values: MarkerFormValues): boolean {
  const saved = markerFormValues(marker);
  return (
    saved.notes !== values.notes ||
    saved.labels.length !== values.labels.length ||
    saved.labels.some((label) => !values.labels.includes(label))
  );
}

export function cameraFormDirty(marker: Marker, values: CameraFormValues): boolean {
  const saved = cameraFormValues(marker);
  return saved.id !== values.id.trim() || saved.name !== values.name.trim();
}

/** PUT markers/{id}: labels and notes (an empty note is none). */
export function markerUpdateBody(values: MarkerFormValues): MarkerUpdateBody {
  return { labels: values.labels, notes: values.notes.trim() === '' ? null : values.notes };
}

/** SPEC §5 Camera edit: the field in error and its text, else the PUT body. */
export function cameraUpdate(
  values: CameraFormValues,
): { ok: true; body: MarkerUpdateBody } | { ok: false; field: 'id' | 'name'; reason: string } {
  const reason = cameraError(values);
  if (reason) return { ok: false, field: values.id.trim() === '' ? 'id' : 'name', reason };
  return { ok: true, body: { camera: { id: values.id.trim(), name: values.name.trim() } } };
}

/**
 * A camera's stream source (issue 16): its kind, address and user name as stored; the password is
 * write-only, so the form starts empty and an empty field keeps the stored one (`clearPassword`
 * removes it).
 */
export type StreamFormValues = {
  kind: VideoStreamKind;
  url: string;
  username: string;
  password: string;
  clearPassword: boolean;
};

export function streamFormValues(stream: CameraStream | null): StreamFormValues {
  return {
    kind: stream?.kind ?? 'mjpeg',
    url: stream?.url ?? '',
    username: stream?.username ?? '',
    password: '',
    clearPassword: false,
  };
}

export function streamFormDirty(stream: CameraStream | null, values: StreamFormValues): boolean {
  const saved = streamFormValues(stream);
  return (
    saved.url !== values.url.trim() ||
    (values.url.trim() !== '' &&
      (saved.kind !== values.kind ||
        saved.username !== values.username.trim() ||
        values.password !== '' ||
        values.clearPassword))
  );
}

/**
 * What saving the stream fields does: nothing (unchanged), PUT markers/{id}/stream with this body,
 * DELETE it (the address emptied), or the address's fault.
 */
export type StreamSave =
  | { action: 'none' }
  | { action: 'put'; body: CameraStreamBody }
  | { action: 'delete' }
  | { action: 'invalid'; reason: string };

export function streamSave(stream: CameraStream | null, values: StreamFormValues): StreamSave {
  if (!streamFormDirty(stream, values)) return { action: 'none' };
  const url = values.url.trim();
  if (url === '') return stream ? { action: 'delete' } : { action: 'none' };
  const reason = cameraUrlError(url);
  if (reason) return { action: 'invalid', reason };
  const body: CameraStreamBody = { kind: values.kind, url, username: values.username.trim() };
  if (values.password !== '') body.password = values.password;
  else if (values.clearPassword) body.password = '';
  return { action: 'put', body };
}

/** The area a marker is in now, when it is one of the floor's areas (a new marker is at the floor). */
export function areaOf(marker: Marker, areas: readonly FloorArea[]): string | null {
  return areas.some((area) => area.id === marker.config.location) ? marker.config.location : null;
}

export type AssignProblem = { field: 'area' | 'mac'; reason: string };

/**
 * SPEC §5 Assigning a gateway, checked before asking: an area is required ('Must specify area') and
 * the MAC must be one (the server takes any of its written forms). Null when it may be sent.
 */
export function assignProblem(area: string | null, mac: string): AssignProblem | null {
  if (!area) return { field: 'area', reason: MARKER_AREA_REQUIRED };
  const parsed = parseMac(mac);
  if (!parsed.ok)
    return { field: 'mac', reason: mac.trim() === '' ? 'Enter the gateway’s MAC' : parsed.reason };
  return null;
}

/** The area select's options: grouped by unit, as Mantine's Select takes them. */
export function areaOptions(areas: readonly FloorArea[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const area of areas) {
    const group = area.unit ?? 'On the floor';
    groups.set(group, [...(groups.get(group) ?? []), { value: area.id, label: area.name }]);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
