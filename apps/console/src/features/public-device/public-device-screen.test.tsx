import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { PublicDeviceScreen } from './public-device-screen';

function renderAt(path: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/:id" element={<PublicDeviceScreen />} />
        <Route path="/v1/:type/:id" element={<PublicDeviceScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

const DEVICE = {
  id: 'c0ffee000001',
  kind: 'tag',
  sku: 'TAG5',
  organisation: { name: 'Demo Hospital' },
  contact: { name: 'Demo Hospital Security', email: 'security@demo.example', phone: '+1 555 0100' },
};

describe('the public device page (SPEC §2.1 /{id}, /v1/{type}/{id})', () => {
  it.each(['/c0ffee000001', '/v1/tag/c0ffee000001'])(
    'at %s names the organisation and whom to return the device to, asking without credentials',
    async (path) => {
      const fetch = stubFetch((url) =>
        url.pathname === '/api/public/devices/c0ffee000001' ? DEVICE : json({}, 404),
      );
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Found this safety tag?' })).toBeInTheDocument();
      expect(screen.getByText('Demo Hospital', { selector: 'b' })).toBeInTheDocument();
      const contact = screen.getByRole('region', { name: 'Return contact' });
      expect(contact).toHaveTextContent('Demo Hospital Security');
      expect(screen.getByRole('link', { name: 'security@demo.example' })).toHaveAttribute(
        'href',
        'mailto:security@demo.example',
      );
      expect(screen.getByRole('link', { name: '+1 555 0100' })).toHaveAttribute('href', 'tel:+15550100');
      const headers = new Headers(fetch.mock.calls[0]![1]!.headers);
      expect(headers.has('authorization')).toBe(false);
    },
  );

  it('says the device was not found for an id the server does not know', async () => {
    stubFetch(() => json({ reason: 'Device not found', code: 'not_found' }, 404));
    renderAt('/c0ffeeffffff');
    expect(await screen.findByRole('heading', { name: 'Device not found' })).toBeInTheDocument();
    expect(screen.getByText(/c0ffeeffffff/)).toBeInTheDocument();
  });

  it('asks the organisation’s reception when it gave no return contact', async () => {
    stubFetch(() => ({ ...DEVICE, kind: 'gateway', contact: { name: null, email: null, phone: null } }));
    renderAt('/b0a710000001');
    expect(await screen.findByRole('heading', { name: 'Found this gateway?' })).toBeInTheDocument();
    expect(
      screen.getByText("Please hand it to Demo Hospital's reception or security desk."),
    ).toBeInTheDocument();
  });
});
