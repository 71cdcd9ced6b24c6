import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { FeatureFlag } from '@vigil/domain';
import { FEATURE_NAMES } from '@vigil/domain/routes';
import { useSession } from '../../session/session';
import { useStartPage } from '../../session/start-page';

type ErrorText = { title: string; body: string };

const TEXTS: Record<string, ErrorText> = {
  '403': { title: 'Not allowed', body: 'Your role does not allow you to open this page.' },
  '404': { title: 'Page not found', body: 'There is no page at this address.' },
};
const NO_ACCESS: ErrorText = {
  title: 'No access',
  body: 'Your account has no access to this console. Please ask your administrator for a role.',
};
const NO_START_PAGE: ErrorText = {
  title: 'No screen for your role',
  body: 'There is no screen for your role in this console yet. Sign in with another account, or ask your administrator for another role.',
};

const isFeature = (flag: string | null): flag is FeatureFlag =>
  flag !== null && Object.hasOwn(FEATURE_NAMES, flag);

/** What the page says: the noAccess flag, a feature that is off, a role with nowhere to go, or the code. */
function errorText(
  code: string,
  query: URLSearchParams,
  hasStartPage: boolean,
  signedIn: boolean,
): ErrorText {
  if (query.get('noAccess') === '1') return NO_ACCESS;
  const feature = query.get('feature');
  if (code === '403' && isFeature(feature)) {
    return {
      title: 'Feature turned off',
      body: `The ${FEATURE_NAMES[feature]} feature is off for your organisation. Please ask your administrator to turn it on.`,
    };
  }
  if (code === '403' && signedIn && !hasStartPage) return NO_START_PAGE;
  return TEXTS[code] ?? { title: `Error ${code}`, body: 'Something went wrong.' };
}

/**
 * SPEC §2.1 /error/{code}: 403, 404 and the noAccess flag, each with what the user can do — sign
 * out, or go to their start page when they have one — and never a link back to this page.
 */
export function ErrorScreen() {
  const { code = '404' } = useParams();
  const [query] = useSearchParams();
  const { pathname, search } = useLocation();
  const { session, signOut } = useSession();
  const home = useStartPage();
  const signedIn = session.status === 'signedIn';
  const startPage = signedIn && home !== undefined && home !== pathname + search ? home : undefined;
  const text = errorText(code, query, startPage !== undefined, signedIn);

  return (
    <Stack gap="md" align="flex-start" maw={640}>
      <Title order={1} size="h2">
        {text.title}
      </Title>
      <Text>{text.body}</Text>
      <Text size="sm" c="dimmed">
        Error {code}
      </Text>
      {signedIn ? (
        <Group gap="md">
          {startPage && (
            <Button component={Link} to={startPage}>
              Go to your start page
            </Button>
          )}
          <Button variant={startPage ? 'default' : 'filled'} onClick={() => void signOut()}>
            Sign out
          </Button>
        </Group>
      ) : (
        <Anchor component={Link} to="/login">
          Go to the sign-in page
        </Anchor>
      )}
    </Stack>
  );
}
