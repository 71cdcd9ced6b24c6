import { useEffect, useState } from 'react';
import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useSignedIn } from '../../session/session';
import { consoleId } from '../../session/console-identity';

/** SPEC §2.5 footer: a clock, the organisation name and a click-to-copy console id. */
export function Footer() {
  const { me } = useSignedIn();
  const id = consoleId();
  return (
    <Group justify="space-between" px="md" h="100%" wrap="nowrap">
      <Clock />
      <Text size="sm">{me.org.name}</Text>
      <CopyButton value={id}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy console id'}>
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed" ff="monospace">
                Console {id}
              </Text>
              <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label="Copy console id">
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </ActionIcon>
            </Group>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text size="sm" ff="monospace" aria-label="Current time">
      {now.toLocaleTimeString()}
    </Text>
  );
}
