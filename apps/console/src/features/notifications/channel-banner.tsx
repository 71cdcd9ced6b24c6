import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CHANNEL_LABELS, failingChannels } from '@vigil/domain';
import { useChannelHealth } from '../../api/notifications';
import { useSignedIn } from '../../session/session';
import { useNow } from '../../ui/use-now';

/** The health is judged again this often between polls, so a minute-old failure shows on time. */
const RECHECK_MS = 5000;

/**
 * Issue 16: warns admins (who may list Subscription) while a notification channel has been failing
 * for more than a minute: the console must not look healthy while pagers are silent. One red banner
 * per failing channel, polled every 30 s.
 */
export function ChannelFailingBanner() {
  const { ability } = useSignedIn();
  const allowed = ability.can('list', 'Subscription');
  const health = useChannelHealth(allowed);
  const now = useNow(RECHECK_MS);
  if (!allowed || !health.data) return null;
  const failing = failingChannels(health.data, now.getTime());
  if (failing.length === 0) return null;
  return (
    <Stack gap={0}>
      {failing.map((c) => (
        <Alert
          key={c.channel}
          color="red"
          variant="filled"
          radius={0}
          icon={<IconAlertTriangle size={18} />}
          role="alert"
        >
          {`${CHANNEL_LABELS[c.channel]} notifications are failing: ${c.lastError ?? 'no answer'}. Pagers and phones may not be reached.`}
        </Alert>
      ))}
    </Stack>
  );
}
