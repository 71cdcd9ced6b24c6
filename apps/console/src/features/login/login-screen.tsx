import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LOGIN_MESSAGES, type SignInMethod } from '@vigil/domain';
import { authQueries } from '../../api/auth';
import { sessionStore } from '../../session/store';
import { useSession } from '../../session/session';
import { VigilMark } from '../../ui/vigil-mark';
import { InstallAppLink } from './install-app-link';
import { KeyForm } from './key-form';
import { loginErrorMessage, loginUrlMessage } from './login-error';
import { PasswordForm } from './password-form';

const METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'email and password',
  key: 'an API key',
  saml: 'single sign-on (SAML)',
  google: 'Google',
};

/** SPEC §2.3 login: the first method enabled for the zone, links to the others, every §8 message. */
export function LoginScreen() {
  const [query, setQuery] = useSearchParams();
  const { signInWithPassword, signInWithKey } = useSession();
  const [error, setError] = useState<string | undefined>(() => loginUrlMessage(query));
  // Fixed for the screen's life: signing in stores the slug, which must not reload the methods.
  const [authSlug] = useState(() => query.get('authSlug') ?? sessionStore.slug() ?? undefined);
  const config = useQuery(authQueries.config(authSlug));

  if (config.isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading sign-in options" />
      </Center>
    );
  }
  const methods = config.data?.methods ?? [];
  const problem = config.isError || methods.length === 0;
  const wanted = query.get('method') as SignInMethod | null;
  const method = wanted && methods.includes(wanted) ? wanted : methods[0];
  const slug = config.data?.slug ?? '';

  async function attempt(run: () => Promise<void>) {
    setError(undefined);
    try {
      await run();
    } catch (err) {
      setError(loginErrorMessage(err));
    }
  }

  function choose(next: SignInMethod) {
    const params = new URLSearchParams(query);
    params.set('method', next);
    params.delete('authError');
    params.delete('authFail');
    setQuery(params, { replace: true });
    setError(undefined);
  }

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap="md">
          <Group gap="xs">
            <VigilMark size={36} />
            <Title order={1} size="h2">
              Vigil
            </Title>
          </Group>
          {!problem && <Text c="dimmed">Sign in to {config.data?.name}</Text>}
          {(error || problem) && (
            <Alert color="red" role="alert" title="Sign-in failed">
              {problem ? LOGIN_MESSAGES.problem : error}
            </Alert>
          )}
          {method === 'password' && (
            <PasswordForm
              onSubmit={(email, password) => attempt(() => signInWithPassword(slug, email, password))}
            />
          )}
          {method === 'key' && <KeyForm onSubmit={(key) => attempt(() => signInWithKey(slug, key))} />}
          {(method === 'saml' || method === 'google') && (
            <Tooltip label="This sign-in method is not available on this server yet">
              <Button variant="default" disabled>
                Sign in with {METHOD_LABELS[method]}
              </Button>
            </Tooltip>
          )}
          {methods.length > 1 && (
            <Stack gap={4}>
              {methods
                .filter((m) => m !== method)
                .map((m) => (
                  <Anchor key={m} component="button" type="button" size="sm" onClick={() => choose(m)}>
                    Sign in with {METHOD_LABELS[m]}
                  </Anchor>
                ))}
            </Stack>
          )}
          <InstallAppLink />
        </Stack>
      </Paper>
    </Center>
  );
}
