import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { dialogPortalProps } from '../../../ui/confirm';

/** The answers to a 'Save …?' question on leaving plan edit: save, discard, or keep editing. */
export type SaveAnswer = 'yes' | 'no' | 'stay';

/**
 * SPEC §4: 'Save changes to floor plan?' / 'Save rotation changes?' on leaving plan edit. Yes saves,
 * No discards; closing the dialog (Escape, its close button, Keep editing) stays in plan edit.
 */
export function askSave(question: string, detail: string): Promise<SaveAnswer> {
  return new Promise((resolve) => {
    let id = '';
    // The first answer wins: a button also closes the modal, which calls onClose.
    let answered = false;
    const answer = (value: SaveAnswer) => {
      if (answered) return;
      answered = true;
      resolve(value);
      modals.close(id);
    };
    id = modals.open({
      ...dialogPortalProps(),
      title: question,
      onClose: () => answer('stay'),
      children: (
        <>
          <Text size="sm">{detail}</Text>
          <Group justify="flex-end" mt="md" gap="xs">
            <Button variant="default" onClick={() => answer('stay')}>
              Keep editing
            </Button>
            <Button variant="default" onClick={() => answer('no')}>
              No
            </Button>
            <Button onClick={() => answer('yes')} data-autofocus>
              Yes
            </Button>
          </Group>
        </>
      ),
    });
  });
}
