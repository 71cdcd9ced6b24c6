import { ActionIcon, Group, Input, Radio, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { Provisioning } from '@vigil/domain';
import { useAssignableRoles } from '../../../api/role-options';
import { useZone } from '../../../api/zones';
import { ZonePicker } from '../../../ui/zone-picker';

/** Issue 17 provisioning as the form edits it: the role may be unchosen until saved. */
export type ProvisioningDraft = { mode: 'existing' | 'create'; role: string | null; location: string[] };

export const PROVISIONING_FIELDS = ['provisioning.role', 'provisioning.location'] as const;

export function provisioningDraft(provisioning: Provisioning | undefined): ProvisioningDraft {
  return provisioning?.mode === 'create'
    ? { mode: 'create', role: provisioning.role, location: provisioning.location }
    : { mode: 'existing', role: null, location: [] };
}

/** The body's provisioning; an unchosen role goes as '' for the schema to refuse on its field. */
export function provisioningBody(draft: ProvisioningDraft): Provisioning {
  return draft.mode === 'create'
    ? { mode: 'create', role: draft.role ?? '', location: draft.location }
    : { mode: 'existing' };
}

/** How a first-time user of the identity provider gets into Vigil: not at all, or created. */
export function ProvisioningFields({
  value,
  onChange,
  errors,
}: {
  value: ProvisioningDraft;
  onChange: (next: ProvisioningDraft) => void;
  errors: Record<string, string>;
}) {
  const { roles, loading } = useAssignableRoles(value.role ?? undefined);
  const set = (patch: Partial<ProvisioningDraft>) => onChange({ ...value, ...patch });

  return (
    <Stack gap="sm">
      <Radio.Group
        label="Someone new signs in"
        description="Someone the identity provider knows, without a user in Vigil yet."
        value={value.mode}
        onChange={(mode) => set({ mode: mode as ProvisioningDraft['mode'] })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="existing" label="Refuse: only existing users may sign in" />
          <Radio value="create" label="Create their user" />
        </Stack>
      </Radio.Group>
      {value.mode === 'create' && (
        <>
          <Select
            label="Role of a created user"
            required
            searchable
            data={roles}
            value={value.role}
            placeholder={loading ? 'Loading roles…' : 'Pick a role'}
            error={errors['provisioning.role']}
            onChange={(role) => set({ role })}
          />
          <Input.Wrapper
            label="Locations of a created user"
            description="None: the whole organisation."
            error={errors['provisioning.location']}
          >
            <Stack gap={4} mt={4}>
              {value.location.map((id) => (
                <LocationItem
                  key={id}
                  zoneId={id}
                  onRemove={() => set({ location: value.location.filter((z) => z !== id) })}
                />
              ))}
              <ZonePicker
                label="Add a location"
                value={null}
                placeholder="Pick a zone to add"
                onChange={(id) => !value.location.includes(id) && set({ location: [...value.location, id] })}
              />
            </Stack>
          </Input.Wrapper>
        </>
      )}
    </Stack>
  );
}

function LocationItem({ zoneId, onRemove }: { zoneId: string; onRemove: () => void }) {
  const zone = useZone(zoneId);
  const name = zone.data?.name ?? (zone.isError ? 'Unknown zone' : 'Loading…');
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm">{name}</Text>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        onClick={onRemove}
        aria-label={`Remove location ${name}`}
      >
        <IconX size={14} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
