import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubFetch } from '../../test/fetch-stub';
import { alertFixture } from '../../test/alert-fixtures';
import { renderWithProviders } from '../../test/render';
import { CloseAlertDialog } from './close-alert-dialog';

const alert = alertFixture({ id: 'al-1' });

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
});
