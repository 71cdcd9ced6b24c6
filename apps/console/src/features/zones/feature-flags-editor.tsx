import { Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FEATURE_FLAGS, type FeatureFlag } from '@vigil/domain';
import { messages } from '../../api/messages';
import { useUpdateZone } from '../../api/zones';

const LABELS: Record<FeatureFlag, string> = {
  reasonDetails: 'Incident reason details',
  responderTools: 'Responder tools',
  export: 'Export data',
  showProtectAppQrLogin: 'Login to mobile (QR code)',
  outdoor: 'Outdoor gateways',
  tagManagement: 'Tag management',
  danger: 'Dangerous-location alerts',
  noAutoPan: 'No automatic map panning',
  video: 'Video',
  kioskLogout: 'Sign-out at distribution kiosks',
};

/** SPEC §6 zone feature flags: on, off, or inherited from the zones above (nearest wins). */
export function FeatureFlagsEditor({
  zoneId,
  flags,
  editable,
}: {
  zoneId: string;
  flags: Record<string, boolean>;
  editable: boolean;
}) {
  const update = useUpdateZone();

  async function setFlag(flag: FeatureFlag, value: string) {
    const next = value === 'inherit' ? null : value === 'on';
    try {
      await update.mutateAsync({ id: zoneId, config: { featureFlags: { [flag]: next } } });
    } catch (err) {
      notifications.show({ color: 'red', message: messages.couldNotUpdate(err) });
    }
  }

  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Feature flags
      </Title>
      <Text size="sm" c="dimmed">
        A flag left to inherit takes the value of the nearest zone above that sets it.
      </Text>
      <Table>
        <Table.Tbody>
          {FEATURE_FLAGS.map((flag) => {
            const value = flags[flag] === undefined ? 'inherit' : flags[flag] ? 'on' : 'off';
            return (
              <Table.Tr key={flag}>
                <Table.Td>
                  <Text size="sm" id={`flag-${flag}`}>
                    {LABELS[flag]}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <SegmentedControl
                      size="xs"
                      aria-labelledby={`flag-${flag}`}
                      disabled={!editable || update.isPending}
                      value={value}
                      onChange={(v) => void setFlag(flag, v)}
                      data={[
                        { value: 'inherit', label: 'Inherit' },
                        { value: 'on', label: 'On' },
                        { value: 'off', label: 'Off' },
                      ]}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
