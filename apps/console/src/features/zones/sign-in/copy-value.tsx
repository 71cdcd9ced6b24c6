import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** One value the hospital's IT copies into its identity provider: its name, the value, a copy button. */
export function CopyValue({
  label,
  value,
  block = false,
}: {
  label: string;
  value: string;
  block?: boolean;
}) {
  return (
    <Stack gap={2}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`}>
              <ActionIcon
                variant="subtle"
                size="sm"
                onClick={copy}
                aria-label={`Copy ${label.toLowerCase()}`}
              >
                {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Code
        block={block}
        fz="xs"
        style={{ wordBreak: 'break-all', whiteSpace: block ? 'pre-wrap' : undefined }}
      >
        {value}
      </Code>
    </Stack>
  );
}
