import { Alert, Stack } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconAlertTriangle, IconWifiOff } from '@tabler/icons-react';
import { useConnection } from '../../api/connection';
import { messages } from '../../api/messages';
import { AlertBanners } from './alert-banners';

/**
 * SPEC §2.6 banners: the connection ones (a stale alert refresh shows the server one, SPEC §8),
 * then the alert ones (danger locations, active help requests, the muted note).
 */
export function Banners() {
  const network = useNetwork();
  const { serverProblem, alertsStale } = useConnection();
  const offline = network.online === false;
  return (
    <Stack gap={0} role="region" aria-label="Warnings">
      {offline && (
        <Alert color="red" variant="filled" radius={0} icon={<IconWifiOff size={18} />} role="alert">
          {messages.networkDown}
        </Alert>
      )}
      {!offline && (serverProblem || alertsStale) && (
        <Alert color="red" variant="filled" radius={0} icon={<IconAlertTriangle size={18} />} role="alert">
          {messages.serverProblem}
        </Alert>
      )}
      <AlertBanners />
    </Stack>
  );
}
