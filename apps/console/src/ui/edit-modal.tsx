import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Tabs } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { reasonOf } from '../api/errors';

export type EditModalTab = { value: string; label: ReactNode; content: ReactNode };

export type EditModalProps = {
  /** Whether the modal is shown. */
  opened: boolean;
  /** Closes the modal (Cancel, Escape, the close button, or a successful save). */
  onClose: () => void;
  /** The modal's title, also its accessible name. */
  title: string;
  /** Saves; a rejection keeps the modal open and shows its reason. */
  onSubmit: () => Promise<void>;
  /** The submit button's text. */
  submitLabel?: string;
  /** Disables Submit, e.g. while a required field is empty. */
  submitDisabled?: boolean;
  /** The fields, when there are no tabs. */
  children?: ReactNode;
  /** Tabs of fields, shown instead of children. */
  tabs?: EditModalTab[];
  /** The modal's width (Mantine size). */
  size?: string;
};

/** SPEC §2.8, §5: the generic edit modal; Enter in a field never submits, a save error shows inside it. */
export function EditModal(props: EditModalProps) {
  const { opened, onClose, title, onSubmit, submitLabel = 'Submit', submitDisabled, tabs, size } = props;
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);

  function close() {
    setError(null);
    onClose();
  }

  async function submit() {
    setSubmitting(true);
    setError(null);
    try {
      await onSubmit();
      onClose();
    } catch (err) {
      setError(err);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={title} size={size}>
      {/* Submit is a plain button, and a stray form submission (Enter in a field) is swallowed. */}
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        <Stack>
          {error !== null && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
              {reasonOf(error)}
            </Alert>
          )}
          {tabs ? <EditModalTabs tabs={tabs} /> : props.children}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="button" onClick={submit} disabled={submitDisabled || submitting}>
              {submitting ? 'Please wait...' : submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function EditModalTabs({ tabs }: { tabs: EditModalTab[] }) {
  return (
    <Tabs defaultValue={tabs[0]?.value}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          {tab.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
