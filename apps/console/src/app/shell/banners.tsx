import { Alert, Stack } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconAlertTriangle, IconWifiOff } from '@tabler/icons-react';
import { useConnection } from '../../api/connection';
import { messages } from '../../api/messages';

/** SPEC §2.6 banners (the connection ones; the alert banners arrive with the alert path). */
export function Banners() {
  const network = useNetwork();
  const { serverProblem } = useConnection();
  const offline = network.online === false;
  if (!offline && !serverProblem) return null;
  return (
    <Stack gap={0} role="region" aria-label="Warnings">
      {offline && (
        <Alert color="red" variant="filled" radius={0} icon={<IconWifiOff size={18} />} role="alert">
          {messages.networkDown}
        </Alert>
      )}
      {!offline && serverProblem && (
        <Alert color="red" variant="filled" radius={0} icon={<IconAlertTriangle size={18} />} role="alert">
          {messages.serverProblem}
        </Alert>
      )}
    </Stack>
  );
}
