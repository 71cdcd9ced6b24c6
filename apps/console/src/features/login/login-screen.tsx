import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
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
import { browser, singleSignOnUrl, type SingleSignOn } from './single-sign-on';

const METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'email and password',
  key: 'an API key',
  saml: 'single sign-on (SAML)',
  google: 'Google',
};

/**
 * SPEC §2.3 login: the first method enabled for the zone, links to the others, every §8 message.
 * Issue 17: SAML and OpenID leave for the identity provider, which sends the browser back here with
 * a one-time `authCode` (traded for the session at once), or with `authFail`/`authError`.
 */
export function LoginScreen() {
  const [query, setQuery] = useSearchParams();
  const { signInWithPassword, signInWithKey, signInWithCode } = useSession();
  const [error, setError] = useState<string | undefined>(() => loginUrlMessage(query));
  // Fixed for the screen's life: signing in stores the slug, which must not reload the methods.
  const [authSlug] = useState(() => query.get('authSlug') ?? sessionStore.slug() ?? undefined);
  const config = useQuery(authQueries.config(authSlug));
  const [authCode] = useState(() => query.get('authCode'));
  const [exchanging, setExchanging] = useState(() => authCode !== null);
  const [leaving, setLeaving] = useState(false);
  // A code is good once: React's development double effects must not send it twice.
  const exchanged = useRef(false);

  useEffect(() => {
    if (!authCode || exchanged.current || config.isPending) return;
    exchanged.current = true;
    // Off the URL first, so neither a reload nor Back replays a spent code; `after` stays for the guard,
    // which sends the signed-in user there (or to the start page) as after a password sign-in.
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('authCode');
        return next;
      },
      { replace: true },
    );
    signInWithCode(config.data?.slug ?? authSlug ?? '', authCode).catch((err: unknown) => {
      setError(loginErrorMessage(err));
      setExchanging(false);
    });
  }, [authCode, config.isPending, config.data?.slug, authSlug, setQuery, signInWithCode]);

  // Back from the identity provider restores this page as it was left (the browser's page cache):
  // the button must not stay busy.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => event.persisted && setLeaving(false);
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  if (exchanging) {
    return (
      <Center h="100vh">
        <Loader aria-label="Signing you in" />
      </Center>
    );
  }
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
  const label = (m: SignInMethod) =>
    m === 'google' ? (config.data?.labels?.google ?? METHOD_LABELS.google) : METHOD_LABELS[m];

  function startSingleSignOn(sso: SingleSignOn) {
    // Coming back with the code, this screen asks for the same organisation's methods and signs in to it.
    sessionStore.setSlug(slug);
    setLeaving(true);
    browser.assign(
      singleSignOnUrl(sso, slug, { after: query.get('after'), authDomain: window.location.hostname }),
    );
  }

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
    params.delete('reason');
    // Spent already (the exchange took it off the URL), even if the router has not shown that yet.
    params.delete('authCode');
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
            <Button onClick={() => startSingleSignOn(method)} loading={leaving}>
              Sign in with {label(method)}
            </Button>
          )}
          {methods.length > 1 && (
            <Stack gap={4}>
              {methods
                .filter((m) => m !== method)
                .map((m) => (
                  <Anchor key={m} component="button" type="button" size="sm" onClick={() => choose(m)}>
                    Sign in with {label(m)}
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
