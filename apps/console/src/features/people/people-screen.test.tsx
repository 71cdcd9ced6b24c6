import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Person, RawRule } from '@vigil/domain';
import { PEOPLE_IMPORT_MISSING_COLUMNS } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { PeopleScreen } from './people-screen';

const ADMIN_RULES: RawRule[] = [
  { action: ['list', 'read', 'update', 'delete'], subject: ['Person', 'Zone'] },
];
const VIEWER_RULES: RawRule[] = [{ action: ['list', 'read'], subject: 'Person' }];

function person(p: Partial<Person> & { name: string; personId: string }): Person {
  return {
    id: `id-${p.personId}`,
    orgId: 'org-1',
    contacts: {},
    location: 'z-1',
    locationPath: 'Main Campus › North Tower › Floor 1',
    isRemote: false,
    contact: p.personId,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...p,
  };
}

const ALEX = person({
  name: 'Alex Rivera',
  personId: 'P-1000',
  contacts: { email: 'alex@demo.example' },
  contact: 'alex@demo.example',
});

type Body = Record<string, unknown>;

/** GET people answers `rows`; POST import and people are answered by the handlers given. */
function servePeople(
  rows: Person[],
  handlers: { import?: (body: Body) => unknown; create?: (body: Body) => unknown } = {},
) {
  const bodies: { method: string; path: string; body: Body }[] = [];
  const fetch = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Body) : {};
    if (method !== 'GET') bodies.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/people' && method === 'GET') return { data: rows, total: rows.length };
    if (url.pathname === '/api/people/import') return handlers.import?.(body);
    if (url.pathname === '/api/people' && method === 'POST') return handlers.create?.(body);
    if (method === 'DELETE') return new Response(null, { status: 204 });
    return json({ reason: 'Not found' }, 404);
  });
  return { fetch, bodies };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('the people screen (SPEC §2.1 /people, §3 Person, §6)', () => {
  it('lists name, person id, e-mail and location to a role that may see e-mails', async () => {
    servePeople([ALEX]);
    renderSignedIn(<PeopleScreen />, { rules: ADMIN_RULES, role: 'admin' });
    const row = (await screen.findByText('Alex Rivera')).closest('tr')!;
    expect(within(row).getByText('P-1000')).toBeInTheDocument();
    expect(within(row).getByText('alex@demo.example')).toBeInTheDocument();
    expect(within(row).getByText('Main Campus › North Tower › Floor 1')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'E-mail' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
  });

  it('shows only the person id to a role that may not see e-mails, and offers no writes', async () => {
    servePeople([person({ name: 'Alex Rivera', personId: 'P-1000' })]);
    renderSignedIn(<PeopleScreen />, { rules: VIEWER_RULES, role: 'default' });
    await screen.findByText('Alex Rivera');
    expect(screen.queryByRole('columnheader', { name: 'E-mail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add person' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Alex Rivera' })).not.toBeInTheDocument();
  });

  it('adds a person, and shows the server’s refusal inside the form (SPEC §8)', async () => {
    const server = servePeople([], {
      create: () =>
        json({ reason: 'A person with this person id already exists', code: 'person_id_taken' }, 409),
    });
    renderSignedIn(<PeopleScreen />, { rules: ADMIN_RULES });
    await userEvent.click(await screen.findByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add person' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ines Ortega');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Person ID' }), 'P-1000');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ines@demo.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(
      await within(dialog).findByText('Sorry, could not add: A person with this person id already exists.'),
    ).toBeInTheDocument();
    expect(server.bodies).toEqual([
      {
        method: 'POST',
        path: '/api/people',
        body: {
          name: 'Ines Ortega',
          personId: 'P-1000',
          location: null,
          isRemote: false,
          contacts: { email: 'ines@demo.example' },
        },
      },
    ]);
  });

  it('deletes a person after confirming', async () => {
    const server = servePeople([ALEX]);
    renderSignedIn(<PeopleScreen />, { rules: ADMIN_RULES });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Alex Rivera' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(server.bodies).toEqual([{ method: 'DELETE', path: `/api/people/${ALEX.id}`, body: {} }]),
    );
  });
});

describe('importing people from a CSV (SPEC §5, §8)', () => {
  async function chooseAndImport(file: File) {
    await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import people' });
    await userEvent.upload(fileInput(), file);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    return dialog;
  }

  it('lists the rows the server refused, with their lines, and says nothing was imported', async () => {
    const server = servePeople([], {
      import: () =>
        json(
          {
            reason:
              '2 rows could not be imported, so nothing was imported. Please correct them and import the file again.',
            code: 'import_refused',
            rows: [
              { line: 3, reason: 'Missing name' },
              { line: 4, reason: 'The personID "P-1" is also on line 2' },
            ],
          },
          400,
        ),
    });
    renderSignedIn(<PeopleScreen />, { rules: ADMIN_RULES });
    const csv = 'name,personID\nAna,P-1\n,P-2\nBo,P-1\n';
    const dialog = await chooseAndImport(new File([csv], 'staff.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('Nothing was imported')).toBeInTheDocument();
    expect(within(dialog).getByText(/^2 rows could not be imported/)).toBeInTheDocument();
    const rows = within(dialog).getByRole('list', { name: 'Refused rows' });
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 3: Missing name', 'Line 4: The personID "P-1" is also on line 2']);
    expect(server.bodies).toEqual([
      { method: 'POST', path: '/api/people/import', body: { csv, fileName: 'staff.csv' } },
    ]);
  });

  it('shows SPEC §8’s message for a file without the name and personID columns', async () => {
    servePeople([], {
      import: () => json({ reason: PEOPLE_IMPORT_MISSING_COLUMNS, code: 'import_refused' }, 400),
    });
    renderSignedIn(<PeopleScreen />, { rules: ADMIN_RULES });
    const dialog = await chooseAndImport(new File(['id\n1\n'], 'ids.csv', { type: 'text/csv' }));
    expect(
      await within(dialog).findByText(
        'Sorry, there was a problem. Please ensure CSV contains name and personID columns',
      ),
    ).toBeInTheDocument();
  });

  it('says "Could not load file: ..." when the file cannot be read, and sends nothing', async () => {
    const server = servePeople([]);
    renderSignedIn(<PeopleScreen />, { rules: ADMIN_RULES });
    // A file moved or locked after it was chosen: the browser's reader fails with NotReadableError.
    const reading = vi.spyOn(FileReader.prototype, 'readAsText').mockImplementation(function (
      this: FileReader,
    ) {
      Object.defineProperty(this, 'error', {
        value: new DOMException('The file is no longer readable', 'NotReadableError'),
      });
      this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>);
    });
    onTestFinished(() => reading.mockRestore());
    const dialog = await chooseAndImport(new File(['x'], 'locked.csv', { type: 'text/csv' }));
    expect(
      await within(dialog).findByText('Could not load file: The file is no longer readable'),
    ).toBeInTheDocument();
    expect(server.bodies).toEqual([]);
  });

  it('summarises a successful import and refreshes the list', async () => {
    const server = servePeople([], { import: () => ({ created: 2, updated: 1, unchanged: 0 }) });
    renderSignedIn(<PeopleScreen />, { rules: ADMIN_RULES });
    await screen.findByText('No people match');
    const listCalls = () =>
      server.fetch.mock.calls.filter(([u]) => String(u).startsWith('/api/people?')).length;
    const before = listCalls();
    const dialog = await chooseAndImport(new File(['name,personID\nA,1\nB,2\nC,3\n'], 'new.csv'));
    expect(await within(dialog).findByText('Imported new.csv')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/2 people added, 1 person updated, 0 people already up to date\./),
    ).toBeInTheDocument();
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });
});
