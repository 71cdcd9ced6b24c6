import type { WebManifest } from '@vigil/domain';
import { UUID_RE } from '../platform/db/checks';

const BACKGROUND = '#0b1f33';
const THEME = '#1c7ed6';

/** The web-app manifest of a console: installed, it opens on its own alerts screen, keeping its id. */
export function manifestOf(id: string | undefined): WebManifest {
  return {
    name: 'Vigil',
    short_name: 'Vigil',
    start_url: id && UUID_RE.test(id) ? `/alerts/${id.toLowerCase()}` : '/',
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND,
    theme_color: THEME,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      // The mark sits inside the central safe zone on a full-bleed background, so one image serves both.
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
