import { useParams } from 'react-router';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { ALERT_LINK_MESSAGES, ALERT_LINK_TOKEN_RE } from '@vigil/domain';
import { useAcknowledgeAlertLink, useAlertLink } from '../../api/alert-link';
import { ApiError } from '../../api/errors';
import { ErrorPanel } from '../../ui/error-panel';
import { AlertLinkView } from './alert-link-view';

/** The full-page answer to a link the server refuses: 404 not valid, 410 expired, 429 too many tries. */
const REFUSALS: Record<number, { title: string; text: string }> = {
  404: { title: 'This link is not valid', text: ALERT_LINK_MESSAGES.invalid },
  410: { title: 'This link has expired', text: ALERT_LINK_MESSAGES.expired },
  429: { title: 'Too many attempts', text: ALERT_LINK_MESSAGES.tooMany },
};

/**
 * /link/a/{token} (issue 16, logo layout, no sign-in): the one alert a notification's recipient was
 * sent, readable at arm's length on a phone, with a big Acknowledge. A token of the wrong shape is
 * refused here, without asking the server (and without counting against the address).
 */
export function AlertLinkScreen() {
  const { token = '' } = useParams();
  const wellFormed = ALERT_LINK_TOKEN_RE.test(token);
  const link = useAlertLink(token, wellFormed);
  const acknowledge = useAcknowledgeAlertLink(token);

  if (!wellFormed) return <Refusal {...REFUSALS[404]!} />;
  if (link.isPending) {
    return (
      <Stack aria-busy aria-label="Loading the alert">
        <Skeleton h={28} w="30%" />
        <Skeleton h={40} w="70%" />
        <Skeleton h={24} />
        <Skeleton h={64} />
      </Stack>
    );
  }
  if (link.isError) {
    const refusal = link.error instanceof ApiError ? REFUSALS[link.error.status] : undefined;
    if (refusal) return <Refusal {...refusal} />;
    return (
      <Stack>
        <Title order={1} size="h2">
          Could not open the alert
        </Title>
        <ErrorPanel error={link.error} onRetry={() => void link.refetch()} />
      </Stack>
    );
  }
  return (
    <AlertLinkView
      view={link.data}
      acknowledging={acknowledge.isPending}
      acknowledgeError={acknowledge.error}
      onAcknowledge={() => acknowledge.mutate()}
    />
  );
}

function Refusal({ title, text }: { title: string; text: string }) {
  return (
    <Stack>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text size="lg">{text}</Text>
    </Stack>
  );
}
