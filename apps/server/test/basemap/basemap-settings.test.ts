import { describe, expect, it } from 'vitest';
import { describeConfig, loadConfig } from '../../src/platform/config';
import { searchUrl } from '../../src/basemap/geocode';
import { checkTileTemplate, tileUrl } from '../../src/basemap/tiles';

describe('the map settings (MAP_TILES_URL, MAP_SATELLITE_URL, GEOCODER_URL)', () => {
  it('takes an http(s) XYZ template and fills it in', () => {
    const template = 'https://tiles.example.org/sat/{z}/{x}/{y}.jpg?key=k';
    expect(checkTileTemplate('MAP_SATELLITE_URL', template)).toBe(template);
    expect(tileUrl(template, { z: 19, x: 3, y: 4 }).toString()).toBe(
      'https://tiles.example.org/sat/19/3/4.jpg?key=k',
    );
    expect(checkTileTemplate('MAP_TILES_URL', undefined)).toBeUndefined();
  });

  it.each([
    ['not a URL', 'tiles/{z}/{x}/{y}.png', /MAP_TILES_URL is not a URL/],
    ['another scheme', 'file:///tiles/{z}/{x}/{y}.png', /must be an http or https URL/],
    ['a template without {y}', 'https://t.example.org/{z}/{x}.png', /must hold \{y\}/],
  ])('stops the server on %s, saying why', (_, template, reason) => {
    expect(() => checkTileTemplate('MAP_TILES_URL', template)).toThrow(reason);
  });

  it("asks a geocoder's /search, keeping the base's own path and query", () => {
    const asked = (base: string) => searchUrl(base, 'main st', 5);
    expect(asked('https://geo.example.org').pathname).toBe('/search');
    expect(asked('https://geo.example.org/nominatim/').pathname).toBe('/nominatim/search');
    expect(asked('https://geo.example.org/v1/search?key=k').toString()).toBe(
      'https://geo.example.org/v1/search?key=k&format=jsonv2&countrycodes=us&addressdetails=1&limit=5&q=main+st',
    );
  });

  it('prints the settings at start without their query (often an API key)', () => {
    const lines = describeConfig(
      loadConfig({ MAP_SATELLITE_URL: 'https://t.example.org/{z}/{x}/{y}.png?key=secret' }),
    );
    expect(lines).toContain('MAP_SATELLITE_URL=https://t.example.org/{z}/{x}/{y}.png?***');
    expect(lines).toContain('MAP_TILES_URL=(unset)');
    expect(lines.join()).not.toMatch(/secret/);
  });
});
