import {
  Modal,
  Notification,
  createTheme,
  darken,
  luminance,
  type CSSVariablesResolver,
  type MantineTheme,
} from '@mantine/core';

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
  components: {
    // Mantine's modal close button is an icon without a name (axe: button-name, serious).
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // So is a notification's (the green 'saved' toasts): axe flagged it on every screen showing one.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    }),
  },
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

/**
 * Filled variants (badges, buttons) write white on shade 8, hovered shade 9: under AA for orange
 * (3.6:1), green, yellow, teal, lime and cyan. Each such colour's fill is darkened just enough to
 * carry white text at 4.5:1, at rest and hovered; colours that already do keep their shades.
 */
function readableFilledColors(t: MantineTheme): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, shades] of Object.entries(t.colors)) {
    if (name === 'dark') continue;
    for (const [variable, shade] of [
      ['filled', shades[8]],
      ['filled-hover', shades[9]],
    ] as const) {
      let fill = shade;
      for (let k = 0.05; k <= 0.6 && contrast('#ffffff', fill) < 4.5; k += 0.05) fill = darken(shade, k);
      if (fill !== shade) out[`--mantine-color-${name}-${variable}`] = fill;
    }
  }
  return out;
}

/** Placeholder text (gray 5, 2.1:1 on white) darkened to 4.5:1 on white and on striped rows (gray 0). */
function readablePlaceholder(t: MantineTheme): string {
  let text = t.colors.gray[6];
  for (let k = 0.05; k <= 0.6 && contrast(text, t.colors.gray[0]) < 4.5; k += 0.05)
    text = darken(t.colors.gray[6], k);
  return text;
}

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    ...readableLightColors(t),
    ...readableFilledColors(t),
    '--mantine-color-placeholder': readablePlaceholder(t),
    '--mantine-color-dimmed': t.colors.gray[7],
    // A field in error writes its value and message in the error colour: Mantine's (red filled, about
    // 4.5:1 on white once darkened above) fails axe's AA check by rounding; red 9 is 5.5:1.
    '--mantine-color-error': t.colors.red[9],
    // The active sidebar link's text is blue 9 (#1864ab): on Mantine's blue 2 hover it is 4.0:1, under
    // AA. Blue 0 at rest (5.5:1) and blue 1 hovered (4.9:1) keep AA and a visible hover.
    '--mantine-primary-color-light': t.colors[t.primaryColor][0],
    '--mantine-primary-color-light-hover': t.colors[t.primaryColor][1],
  },
  dark: {},
});
