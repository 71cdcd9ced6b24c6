import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { FloorMap, type FloorMapProps } from './floor-map';
import * as double from './maplibre-test-double';

// jsdom has no WebGL: MapLibre's module is replaced at its boundary; the widget's own code runs.
vi.mock('maplibre-gl', () => import('./maplibre-test-double'));

afterEach(() => double.resetMaps());

const props: FloorMapProps = {
  label: 'Map of Floor 1',
  plan: null,
  markers: [],
  view: { key: 'floor-1', bounds: null },
  h: 400,
};

describe('FloorMap streets (SPEC §9: minimum zoom 18 unless streets are shown, then 1)', () => {
  it('lowers the minimum zoom to 1 while a street layer shows, and raises it back to 18', async () => {
    const user = userEvent.setup();
    const { rerender } = renderWithProviders(<FloorMap {...props} />);
    await waitFor(() => expect(double.maps).toHaveLength(1));
    const map = double.maps[0]!;
    map.fire('load');
    const zoomOut = within(screen.getByRole('toolbar', { name: 'Map tools' })).getByRole('button', {
      name: 'Zoom out',
    });
    expect(map.minZoom).toBe(18);
    await user.click(zoomOut);
    await user.click(zoomOut);
    expect(map.zoom).toBe(18);
    expect(zoomOut).toBeDisabled();

    rerender(<FloorMap {...props} streets />);
    await waitFor(() => expect(map.minZoom).toBe(1));
    expect(zoomOut).toBeEnabled();
    await user.click(zoomOut);
    expect(map.zoom).toBe(17);

    rerender(<FloorMap {...props} streets={false} />);
    await waitFor(() => expect(map.minZoom).toBe(18));
    // MapLibre zooms back in to the new minimum.
    expect(map.zoom).toBe(18);
    expect(zoomOut).toBeDisabled();
  });
});
