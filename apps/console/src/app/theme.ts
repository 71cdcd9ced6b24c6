import { createTheme } from '@mantine/core';

/** Vigil's theme: system fonts only (no CDN, ARCHITECTURE §2), a calm blue, red kept for alarms. */
export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  defaultRadius: 'sm',
});
