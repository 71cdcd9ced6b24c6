import { createTheme, type CSSVariablesResolver } from '@mantine/core';

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * Vigil's theme: system fonts only (no CDN, ARCHITECTURE §2); shades dark enough for WCAG AA
 * contrast on white (links and primary buttons at blue 8, dimmed text at gray 7).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
  fontFamily: FONT,
  headings: { fontFamily: FONT },
  defaultRadius: 'sm',
});

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] },
  dark: {},
});
