import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KioskPerson } from '@vigil/domain';
import { anaPerson, renderKiosk, seedFlow, serveKiosk, shelfTag, stationPath } from './kiosk-test-kit';

const identified = (tagId: string, person: KioskPerson | null = anaPerson) => {
  if (person) seedFlow({ type: 'pickPerson', person });
  seedFlow({ type: 'identifyTag', now: new Date().toISOString() }, { type: 'tagFound', tagId });
};

/** The value shown for a term of the tag's facts. */
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('the tag status (issue 21 Status; SPEC §4 reuse, §9 battery)', () => {
  it('shows state, owner, both battery readings, firmware and whether it is reusable', async () => {
    serveKiosk({
      tags: [
        shelfTag('c0ffee100001', {
          reusable: false,
          stationName: 'Emergency Department station',
          state: { battery: { current: { level: 2750 } }, firmware: { app: 52, boot: 7 } },
        }),
      ],
    });
    identified('c0ffee100001');
    renderKiosk(stationPath('status'));
    expect(await screen.findByText('c0ffee100001')).toBeVisible();
    expect(fact('State')).toHaveTextContent('Available');
    expect(fact('Owner')).toHaveTextContent('No one');
    expect(fact('Battery')).toHaveTextContent('Low (2,750 mV)');
    expect(fact('Battery label')).toHaveTextContent('Low');
    expect(fact('Firmware')).toHaveTextContent('app 52, boot 7');
    expect(fact('Reusable')).toHaveTextContent('No: flagged for collection');
    expect(fact('Station')).toHaveTextContent('Emergency Department station');
  });

  it('tells the person the tag is available and offers to activate it for them', async () => {
    serveKiosk({ tags: [shelfTag('c0ffee100001')] });
    identified('c0ffee100001');
    renderKiosk(stationPath('status'));
    expect(
      await screen.findByText('Tag c0ffee100001 is available. Activate it to make it Ana Ruiz’s.'),
    ).toBeVisible();
    expect(fact('Battery label')).toHaveTextContent('Healthy');
    await userEvent.click(screen.getByRole('button', { name: 'Activate for Ana Ruiz' }));
    expect(await screen.findByText('Activate tag c0ffee100001 for Ana Ruiz?')).toBeVisible();
  });

  it('refuses a tag deployed to someone else', async () => {
    serveKiosk({
      tags: [
        shelfTag('c0ffee000001', {
          config: { state: 'deployed', owner: { name: 'Casey Nurse', personId: 'P-7' } },
        }),
      ],
    });
    identified('c0ffee000001');
    renderKiosk(stationPath('status'));
    expect(
      await screen.findByText(
        'Tag c0ffee000001 belongs to someone else. Please take another tag and hand this one to staff.',
      ),
    ).toBeVisible();
    expect(fact('Owner')).toHaveTextContent('Casey Nurse (P-7)');
    expect(screen.queryByRole('button', { name: /Activate/ })).not.toBeInTheDocument();
  });

  it('lets a tag checked with no person be given to someone picked there', async () => {
    serveKiosk({ tags: [shelfTag('c0ffee100001')] });
    identified('c0ffee100001', null);
    renderKiosk(stationPath('status'));
    expect(
      await screen.findByText('Tag c0ffee100001 is available. Choose who it is for to activate it.'),
    ).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'Your name or e-mail' }), 'an');
    await userEvent.click(await screen.findByRole('option', { name: /Ana Ruiz/ }));
    expect(await screen.findByRole('button', { name: 'Activate for Ana Ruiz' })).toBeVisible();
  });

  it('says Tag state not found for a tag the server does not know (SPEC §8)', async () => {
    serveKiosk();
    identified('c0ffee999999');
    renderKiosk(stationPath('status'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Tag state not found')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try another tag' })).toBeVisible();
  });

  it('goes home when opened with no tag identified', async () => {
    serveKiosk();
    renderKiosk(stationPath('status'));
    expect(await screen.findByRole('heading', { name: 'Who is the tag for?' })).toBeVisible();
  });
});
