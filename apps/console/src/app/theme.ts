import { createTheme, darken, luminance, type CSSVariablesResolver, type MantineTheme } from '@mantine/core';

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * Vigil's theme: system fonts only (no CDN, ARCHITECTURE §2); shades dark enough for WCAG AA
 * contrast on white (links and primary buttons at blue 8, dimmed text at gray 7) and on the active
 * sidebar link (see `cssVariablesResolver`).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
  fontFamily: FONT,
  headings: { fontFamily: FONT },
  defaultRadius: 'sm',
});

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * Light variants (badges, light buttons) write shade 9 on shade 1, hovered shade 2: under AA for
 * green (3.8:1), yellow (2.7:1), orange and teal. Each colour's text is shade 9 darkened just enough
 * to reach 4.5:1 on both; colours that already do keep shade 9.
 */
function readableLightColors(t: MantineTheme): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, shades] of Object.entries(t.colors)) {
    if (name === 'dark') continue;
    let text = shades[9];
    for (
      let k = 0.05;
      k <= 0.6 && Math.min(contrast(text, shades[1]), contrast(text, shades[2])) < 4.5;
      k += 0.05
    ) {
      text = darken(shades[9], k);
    }
    if (text !== shades[9]) out[`--mantine-color-${name}-light-color`] = text;
  }
  return out;
}

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    ...readableLightColors(t),
    '--mantine-color-dimmed': t.colors.gray[7],
    // The active sidebar link's text is blue 9 (#1864ab): on Mantine's blue 2 hover it is 4.0:1, under
    // AA. Blue 0 at rest (5.5:1) and blue 1 hovered (4.9:1) keep AA and a visible hover.
    '--mantine-primary-color-light': t.colors[t.primaryColor][0],
    '--mantine-primary-color-light-hover': t.colors[t.primaryColor][1],
  },
  dark: {},
});
