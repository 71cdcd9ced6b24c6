import { Button, Group, Modal, Text } from '@mantine/core';
import { IconVolumeOff } from '@tabler/icons-react';
import { messages } from '../../api/messages';

/**
 * SPEC §2.6, §8: the browser refused to play the alarm. Any click or key anywhere enables it
 * (the player listens on the whole document); the button gives keyboard users a place to press.
 */
export function AudioBlockedModal({ opened, onEnable }: { opened: boolean; onEnable: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onEnable}
      title="Alert audio is disabled"
      withCloseButton={false}
      closeOnEscape={false}
      centered
      zIndex={400}
    >
      <Group wrap="nowrap" align="flex-start" mb="md">
        <IconVolumeOff size={28} color="var(--mantine-color-red-8)" aria-hidden />
        <Text fw={700} c="red.8" role="alert">
          {messages.audioBlocked}
        </Text>
      </Group>
      <Group justify="flex-end">
        <Button color="red" onClick={onEnable}>
          Enable alert audio
        </Button>
      </Group>
    </Modal>
  );
}
