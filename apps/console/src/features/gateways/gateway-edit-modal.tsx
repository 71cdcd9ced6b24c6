import { useState } from 'react';
import { TagsInput, Textarea, TextInput } from '@mantine/core';
import {
  GATEWAY_AREA_REQUIRED,
  MARKER_LABELS,
  OUTDOOR_MARKER_LABELS,
  gatewayLocationError,
  mayOverrideAltitude,
  parseAltitudeOverride,
  type GatewayDetail,
  type GatewayUpdateBody,
} from '@vigil/domain';
import { useUpdateGateway } from '../../api/gateways';
import { messages } from '../../api/messages';
import { useSignedIn } from '../../session/session';
import { EditModal } from '../../ui/edit-modal';
import { ZonePicker } from '../../ui/zone-picker';

/**
 * Edit a gateway (SPEC §5 Gateway edit): labels, notes and its area ('Must specify unit and area');
 * the altitude override only for outdoor users who may update outdoor gateways, parsed as an
 * integer, the override flag set exactly when it is one.
 */
export function GatewayEditModal({ gateway, onClose }: { gateway: GatewayDetail; onClose: () => void }) {
  const { ability, me } = useSignedIn();
  const update = useUpdateGateway();
  const flags = me.zone.config.featureFlags;
  const [labels, setLabels] = useState<string[]>(gateway.config.labels ?? []);
  const [notes, setNotes] = useState(gateway.config.notes ?? '');
  // The stored location is an area (the server keeps it so); a newly picked zone carries its level.
  const [location, setLocation] = useState<{ id: string; level: string } | null>(
    gateway.config.location ? { id: gateway.config.location, level: 'area' } : null,
  );
  const coordinates = gateway.config.coordinates ?? null;
  const storedAlt = gateway.config.hasAltitudeOverride ? (coordinates?.alt ?? null) : null;
  const altitudeShown = mayOverrideAltitude(ability, flags);
  const [altitude, setAltitude] = useState(storedAlt === null ? '' : String(storedAlt));
  const parsedAltitude = parseAltitudeOverride(altitude);
  const locationError = location ? gatewayLocationError(location.level) : GATEWAY_AREA_REQUIRED;

  async function submit() {
    if (!location || locationError) throw new Error(locationError ?? GATEWAY_AREA_REQUIRED);
    if (altitudeShown && !parsedAltitude.ok) throw new Error(parsedAltitude.reason);
    const body: GatewayUpdateBody = { labels, notes: notes.trim() || null, location: location.id };
    if (altitudeShown && coordinates && parsedAltitude.ok && parsedAltitude.value.alt !== storedAlt) {
      body.coordinates = { lat: coordinates.lat, lng: coordinates.lng, alt: parsedAltitude.value.alt };
      body.hasAltitudeOverride = parsedAltitude.value.hasAltitudeOverride;
    }
    try {
      await update.mutateAsync({ id: gateway.id, ...body });
    } catch (err) {
      throw new Error(messages.couldNotUpdate(err));
    }
  }

  return (
    <EditModal
      opened
      onClose={onClose}
      title={`Edit gateway ${gateway.id}`}
      onSubmit={submit}
      submitLabel="Save"
    >
      <TagsInput
        label="Labels"
        description="Where the gateway sits, e.g. behind TV. Press Enter after each label."
        data={flags.outdoor ? [...MARKER_LABELS, ...OUTDOOR_MARKER_LABELS] : [...MARKER_LABELS]}
        value={labels}
        onChange={setLabels}
        clearable
      />
      <Textarea
        label="Notes"
        rows={3}
        maxLength={2000}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
      <ZonePicker
        label="Location"
        required
        value={location?.id ?? null}
        onChange={(id, zone) => setLocation({ id, level: zone.level })}
        description="The area the gateway is in."
        error={location && locationError ? locationError : undefined}
      />
      {altitudeShown && (
        <TextInput
          label="Altitude override (m)"
          description={
            coordinates
              ? 'A whole number of metres; leave empty to use the floor altitude.'
              : 'Place the gateway on the floor plan before overriding its altitude.'
          }
          disabled={!coordinates}
          inputMode="numeric"
          value={altitude}
          onChange={(e) => setAltitude(e.currentTarget.value)}
          error={parsedAltitude.ok ? undefined : parsedAltitude.reason}
        />
      )}
    </EditModal>
  );
}
