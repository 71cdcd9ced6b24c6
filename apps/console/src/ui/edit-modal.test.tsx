import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextInput } from '@mantine/core';
import { renderWithProviders } from '../test/render';
import { ApiError } from '../api/errors';
import { EditModal, type EditModalProps } from './edit-modal';

function Harness(props: Partial<EditModalProps>) {
  const [opened, setOpened] = useState(true);
  return (
    <EditModal
      opened={opened}
      onClose={() => setOpened(false)}
      title="Edit user"
      onSubmit={async () => {}}
      {...props}
    >
      <TextInput label="Name" />
      <TextInput label="E-mail" />
    </EditModal>
  );
}

describe('EditModal (SPEC §2.8, §5)', () => {
  it('is a dialog named by its title with the fields, Cancel and Submit', async () => {
    renderWithProviders(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    expect(within(dialog).getByLabelText('Name')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    // Its close button has a name (the theme's Modal default; axe: button-name).
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does not submit when Enter is pressed in a field', async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    await userEvent.type(await screen.findByLabelText('Name'), 'Ann{Enter}');
    await userEvent.type(screen.getByLabelText('E-mail'), 'a@b.c{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit user' })).toBeInTheDocument();
  });

  it('shows "Please wait..." and disables Submit while saving, then closes', async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithProviders(<Harness onSubmit={onSubmit} submitLabel="Save" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const waiting = screen.getByRole('button', { name: 'Please wait...' });
    expect(waiting).toBeDisabled();
    await userEvent.click(waiting);
    expect(onSubmit).toHaveBeenCalledOnce();
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a save error as an alert and stays open', async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(new ApiError(409, 'E-mail is already in use'));
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail is already in use');
    expect(screen.getByRole('dialog', { name: 'Edit user' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('keeps Submit disabled when asked', async () => {
    renderWithProviders(<Harness submitDisabled />);
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('closes on Cancel without saving', async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows tabs of fields', async () => {
    renderWithProviders(
      <EditModal
        opened
        onClose={() => {}}
        title="Edit zone"
        onSubmit={async () => {}}
        tabs={[
          { value: 'general', label: 'General', content: <TextInput label="Name" /> },
          { value: 'flags', label: 'Feature flags', content: <TextInput label="Flag" /> },
        ]}
      />,
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Feature flags' }));
    expect(screen.getByRole('tab', { name: 'Feature flags' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Flag')).toBeVisible();
  });
});
