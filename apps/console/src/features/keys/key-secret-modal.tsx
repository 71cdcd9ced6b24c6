import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { ApiKeyCreated } from '@vigil/domain';

/** A new key's secret, shown this once (only its hash is kept on the server). */
export function KeySecretModal({ apiKey, onClose }: { apiKey: ApiKeyCreated; onClose: () => void }) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={`API key "${apiKey.name}" created`}
      size="lg"
      closeOnClickOutside={false}
    >
      <Stack>
        <Alert color="yellow" title="Copy the key now">
          This is the only time the key is shown. Store it safely; if it is lost, delete it and create
          another.
        </Alert>
        <Code block aria-label="New API key" fz="sm">
          {apiKey.secret}
        </Code>
        <Text size="sm" c="dimmed">
          A console signs in with it on the login page under &ldquo;Sign in with an API key&rdquo;.
        </Text>
        <Group justify="flex-end">
          <CopyButton value={apiKey.secret}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
