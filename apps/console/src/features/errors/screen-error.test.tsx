import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { renderWithProviders } from '../../test/render';
import { ScreenError } from './screen-error';

/** A route whose screen throws `error` while drawing, with the console's screen error boundary. */
function openBroken(error: Error) {
  function Broken(): never {
    throw error;
  }
  const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ScreenError /> }]);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  renderWithProviders(<RouterProvider router={router} />);
}

describe('ScreenError (a screen that did not load or broke)', () => {
  it('says a screen whose code did not arrive could not be loaded, and reloads', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    // app/chunk-load.ts's ChunkLoadError, as the boundary sees it (a feature never imports app/).
    openBroken(Object.assign(new Error('The screen did not load in 120 s'), { name: 'ChunkLoadError' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This screen could not be loaded' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('The screen did not load in 120 s');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('says a screen that broke stopped working, with the reason', async () => {
    openBroken(new TypeError('x is undefined'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This screen stopped working' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('x is undefined');
  });
});
