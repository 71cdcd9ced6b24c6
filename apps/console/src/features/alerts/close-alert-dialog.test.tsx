import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { json, stubFetch } from '../../test/fetch-stub';
import { alertFixture } from '../../test/alert-fixtures';
import { renderWithProviders } from '../../test/render';
import { CloseAlertDialog } from './close-alert-dialog';

const alert = alertFixture({ id: 'al-1' });

afterEach(() => notifications.clean());

function serveClose(answer?: (body: Record<string, unknown>) => Response | undefined) {
  const bodies: Record<string, unknown>[] = [];
  const fetch = stubFetch((url, init) => {
    if (init.method === 'PUT' && url.pathname === '/api/alerts/al-1') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      bodies.push(body);
      return answer?.(body) ?? { ...alert, ...body, state: 'closed', closedAt: new Date().toISOString() };
    }
    return json({ reason: 'Not found' }, 404);
  });
  return { fetch, bodies };
}

function openDialog(reasonDetailsFlag: boolean) {
  const onClose = vi.fn();
  renderWithProviders(
    <CloseAlertDialog alert={alert} reasonDetailsFlag={reasonDetailsFlag} onClose={onClose} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Close alert' });
  return { dialog, onClose, user: userEvent.setup() };
}

const group = (dialog: HTMLElement, name: string) => within(dialog).getByRole('radiogroup', { name });

describe('CloseAlertDialog (SPEC §5 Alert reason editor)', () => {
  it('offers the reasons grouped as resolved, ignored and test', () => {
    serveClose();
    const { dialog } = openDialog(false);
    const select = within(dialog).getByRole('combobox', { name: 'Reason' });
    const groups = [...select.querySelectorAll('optgroup')].map((g) => g.label);
    expect(groups).toEqual(['Resolved', 'Ignored', 'Test']);
  });

  it("needs text for an 'other' reason, then closes with it", async () => {
    const { bodies } = serveClose();
    const { dialog, user, onClose } = openDialog(false);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Other (ignored)');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please describe the reason')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Details' }), 'Fire drill');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([{ reasonCode: 'ignored_other', reasonText: 'Fire drill', reasonDetails: null }]);
  });

  it('asks no incident details without the reasonDetails flag', async () => {
    serveClose();
    const { dialog, user } = openDialog(false);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Incident handled');
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('asks the incident questionnaire with the flag, and who was injured only when injury is yes', async () => {
    serveClose();
    const { dialog, user } = openDialog(true);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Incident handled');
    expect(group(dialog, 'What kind of incident was it?')).toBeInTheDocument();
    expect(group(dialog, 'Who was the source?')).toBeInTheDocument();
    expect(group(dialog, 'Was anyone injured?')).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Who was injured?' })).not.toBeInTheDocument();

    await user.click(within(group(dialog, 'Was anyone injured?')).getByRole('radio', { name: 'Yes' }));
    expect(within(dialog).getByRole('group', { name: 'Who was injured?' })).toBeInTheDocument();
    await user.click(within(group(dialog, 'Was anyone injured?')).getByRole('radio', { name: 'No' }));
    expect(within(dialog).queryByRole('group', { name: 'Who was injured?' })).not.toBeInTheDocument();
  });

  it('clears who was injured when the injury answer changes', async () => {
    const { bodies } = serveClose();
    const { dialog, user } = openDialog(true);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Incident handled');
    await user.click(
      within(group(dialog, 'What kind of incident was it?')).getByRole('radio', { name: 'Verbal' }),
    );
    await user.click(within(group(dialog, 'Who was the source?')).getByRole('radio', { name: 'Visitor' }));
    await user.click(within(group(dialog, 'Was anyone injured?')).getByRole('radio', { name: 'Yes' }));
    const targets = () => within(dialog).getByRole('group', { name: 'Who was injured?' });
    await user.click(within(targets()).getByRole('checkbox', { name: 'Employee' }));
    expect(within(targets()).getByRole('checkbox', { name: 'Employee' })).toBeChecked();

    await user.click(within(group(dialog, 'Was anyone injured?')).getByRole('radio', { name: 'Unknown' }));
    await user.click(within(group(dialog, 'Was anyone injured?')).getByRole('radio', { name: 'Yes' }));
    expect(within(targets()).getByRole('checkbox', { name: 'Employee' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please answer all questions')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("says 'Please answer all questions' until every question is answered, then sends the details", async () => {
    const { bodies } = serveClose();
    const { dialog, user, onClose } = openDialog(true);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Assistance provided');
    await user.click(
      within(group(dialog, 'What kind of incident was it?')).getByRole('radio', { name: 'Other' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please answer all questions')).toBeInTheDocument();

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Please specify: What kind of incident was it?' }),
      'Smoke',
    );
    await user.click(within(group(dialog, 'Who was the source?')).getByRole('radio', { name: 'Patient' }));
    await user.click(within(group(dialog, 'Was anyone injured?')).getByRole('radio', { name: 'No' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([
      {
        reasonCode: 'resolved_assistance_provided',
        reasonText: null,
        reasonDetails: { category: 'other', categoryText: 'Smoke', source: 'patient', injury: 'no' },
      },
    ]);
  });

  it("shows the server's refusal and offers the questionnaire when the server asks for it", async () => {
    serveClose(() => json({ reason: 'Please answer all questions' }, 400));
    const { dialog, user } = openDialog(false);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Incident handled');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please answer all questions')).toBeInTheDocument();
    expect(group(dialog, 'Was anyone injured?')).toBeInTheDocument();
  });

  it('closes and says so in a notification', async () => {
    serveClose();
    const { dialog, user, onClose } = openDialog(false);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'False alarm');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Alert for Jane Doe closed')).toBeInTheDocument();
  });

  it('shows no notification when the close fails', async () => {
    serveClose(() => json({ reason: 'Alert is already closed' }, 409));
    const { dialog, user, onClose } = openDialog(false);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'False alarm');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Alert is already closed')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText('Alert for Jane Doe closed')).not.toBeInTheDocument();
  });
});

describe('CloseAlertDialog marks the unanswered questions (SPEC §5)', () => {
  const radio = (dialog: HTMLElement, question: string, answer: string) =>
    within(group(dialog, question)).getByRole('radio', { name: answer });

  it('marks every unanswered question, keeps the general message and focuses the first', async () => {
    const { bodies } = serveClose();
    const { dialog, user } = openDialog(true);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Incident handled');
    await user.click(radio(dialog, 'Who was the source?', 'Visitor'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('Please answer all questions')).toBeInTheDocument();
    expect(group(dialog, 'What kind of incident was it?')).toHaveAccessibleDescription(
      'Please answer this question',
    );
    expect(group(dialog, 'Was anyone injured?')).toHaveAccessibleDescription('Please answer this question');
    expect(group(dialog, 'Who was the source?')).not.toHaveAccessibleDescription();
    expect(radio(dialog, 'What kind of incident was it?', 'Verbal')).toHaveAttribute('aria-invalid', 'true');
    expect(radio(dialog, 'Who was the source?', 'Visitor')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(radio(dialog, 'What kind of incident was it?', 'Verbal')).toHaveFocus());
    expect(bodies).toEqual([]);
  });

  it("clears a question's mark once it is answered", async () => {
    serveClose();
    const { dialog, user } = openDialog(true);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Incident handled');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findAllByText('Please answer this question')).toHaveLength(3);

    await user.click(radio(dialog, 'What kind of incident was it?', 'Physical'));
    expect(group(dialog, 'What kind of incident was it?')).not.toHaveAccessibleDescription();
    expect(radio(dialog, 'What kind of incident was it?', 'Physical')).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).getAllByText('Please answer this question')).toHaveLength(2);
  });

  it("marks and focuses an 'other' answer's missing write-in", async () => {
    serveClose();
    const { dialog, user } = openDialog(true);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Incident handled');
    await user.click(radio(dialog, 'What kind of incident was it?', 'Other'));
    await user.click(radio(dialog, 'Who was the source?', 'Patient'));
    await user.click(radio(dialog, 'Was anyone injured?', 'No'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const writeIn = within(dialog).getByRole('textbox', {
      name: 'Please specify: What kind of incident was it?',
    });
    await waitFor(() => expect(writeIn).toHaveFocus());
    expect(writeIn).toHaveAttribute('aria-invalid', 'true');
    expect(writeIn).toHaveAccessibleDescription('Please answer this question');
    expect(group(dialog, 'What kind of incident was it?')).not.toHaveAccessibleDescription();

    await user.type(writeIn, 'Smoke');
    expect(writeIn).not.toHaveAttribute('aria-invalid');
  });

  it('marks the question a server refusal names, until its answer changes', async () => {
    serveClose(() =>
      json(
        { reason: 'Please answer all questions', code: 'invalid_reason', field: 'reasonDetails.injury' },
        400,
      ),
    );
    const { dialog, user } = openDialog(true);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Incident handled');
    await user.click(radio(dialog, 'What kind of incident was it?', 'Verbal'));
    await user.click(radio(dialog, 'Who was the source?', 'Patient'));
    await user.click(radio(dialog, 'Was anyone injured?', 'Unknown'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('Please answer all questions')).toBeInTheDocument();
    expect(group(dialog, 'Was anyone injured?')).toHaveAccessibleDescription('Please answer this question');
    expect(group(dialog, 'Who was the source?')).not.toHaveAccessibleDescription();
    await waitFor(() => expect(radio(dialog, 'Was anyone injured?', 'Yes')).toHaveFocus());

    await user.click(radio(dialog, 'Who was the source?', 'Visitor'));
    expect(group(dialog, 'Was anyone injured?')).toHaveAccessibleDescription('Please answer this question');
    await user.click(radio(dialog, 'Was anyone injured?', 'No'));
    expect(group(dialog, 'Was anyone injured?')).not.toHaveAccessibleDescription();
  });

  it('offers and marks the questionnaire when the server names a question this console did not ask', async () => {
    serveClose(() =>
      json(
        { reason: 'Please answer all questions', code: 'invalid_reason', field: 'reasonDetails.category' },
        400,
      ),
    );
    const { dialog, user } = openDialog(false);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Incident handled');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findAllByText('Please answer this question')).toHaveLength(3);
    await waitFor(() => expect(radio(dialog, 'What kind of incident was it?', 'Verbal')).toHaveFocus());
  });
});
