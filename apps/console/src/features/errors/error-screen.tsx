import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../session/session';

const TEXTS: Record<string, { title: string; body: string }> = {
  '403': { title: 'Not allowed', body: 'Your role does not allow you to open this page.' },
  '404': { title: 'Page not found', body: 'There is no page at this address.' },
};

/** SPEC §2.1 /error/{code}: 403, 404 and the noAccess flag, each with a way back. */
export function ErrorScreen() {
  const { code = '404' } = useParams();
  const [query] = useSearchParams();
  const { session, signOut } = useSession();
  const signedIn = session.status === 'signedIn';

  if (query.get('noAccess') === '1') {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          No access
        </Title>
        <Text>Your account has no access to this console. Please ask your administrator for a role.</Text>
        {signedIn && <Button onClick={() => void signOut()}>Sign out</Button>}
      </Stack>
    );
  }

  const text = TEXTS[code] ?? { title: `Error ${code}`, body: 'Something went wrong.' };
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1} size="h2">
        {text.title}
      </Title>
      <Text>{text.body}</Text>
      <Text size="sm" c="dimmed">
        Error {code}
      </Text>
      <Anchor component={Link} to="/">
        {signedIn ? 'Go to your start page' : 'Go to the sign-in page'}
      </Anchor>
      {signedIn && code === '403' && (
        <Anchor component="button" type="button" onClick={() => void signOut()}>
          Sign in as someone else
        </Anchor>
      )}
    </Stack>
  );
}
