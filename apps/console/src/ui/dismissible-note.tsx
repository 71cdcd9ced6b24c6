import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { authApi } from '../api/auth';
import { useSession } from '../session/session';

/**
 * A note the user may close for good: closed notes are kept on the server (SPEC §7 PUT users/state
 * {closedNotes: {key: true}}), so it stays closed on every console. API-key sessions keep none.
 */
export function DismissibleNote({
  noteKey,
  title,
  children,
}: {
  noteKey: string;
  title: string;
  children: ReactNode;
}) {
  const { session, reload } = useSession();
  if (session.status !== 'signedIn' || session.me.kind !== 'user' || session.me.state.closedNotes[noteKey])
    return null;

  async function close() {
    await authApi.closeNote(noteKey).catch(() => undefined);
    await reload();
  }

  return (
    <Alert
      variant="light"
      title={title}
      withCloseButton
      closeButtonLabel={`Close note: ${title}`}
      onClose={() => void close()}
      mb="md"
    >
      {children}
    </Alert>
  );
}
