import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { contrast, cssVariablesResolver, theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const base = defaultCssVariablesResolver(full);
const ours = cssVariablesResolver(full);
/** The light scheme's CSS variables as the browser sees them: Mantine's, then ours over them. */
const light: Record<string, string> = { ...base.variables, ...base.light, ...ours.variables, ...ours.light };

function resolve(name: string): string {
  const value = light[name];
  const ref = /^var\((--[\w-]+)\)$/.exec(value ?? '');
  return ref ? resolve(ref[1]!) : value!;
}

describe('theme contrast (WCAG AA, 4.5:1 for body text)', () => {
  it.each([
    ['at rest', '--mantine-primary-color-light'],
    ['hovered', '--mantine-primary-color-light-hover'],
  ])('keeps the active sidebar link readable %s', (_state, background) => {
    const text = resolve('--mantine-primary-color-light-color');
    expect(contrast(text, resolve(background))).toBeGreaterThanOrEqual(4.5);
  });

  // Status badges (gateway Connected, diagnostics Pass, tag states) are Mantine's light variant.
  it.each(['green', 'yellow', 'orange', 'teal', 'red', 'blue', 'gray', 'indigo', 'grape', 'cyan', 'lime'])(
    'keeps %s light badges and light buttons readable, at rest and hovered',
    (color) => {
      const text = resolve(`--mantine-color-${color}-light-color`);
      expect(contrast(text, resolve(`--mantine-color-${color}-light`))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, resolve(`--mantine-color-${color}-light-hover`))).toBeGreaterThanOrEqual(4.5);
    },
  );

  // Filled badges and buttons (the alert card's Help badge, primary and danger buttons) carry white text.
  it.each(['green', 'yellow', 'orange', 'teal', 'red', 'blue', 'gray', 'indigo', 'grape', 'cyan', 'lime'])(
    'keeps %s filled badges and buttons readable, at rest and hovered',
    (color) => {
      expect(contrast('#ffffff', resolve(`--mantine-color-${color}-filled`))).toBeGreaterThanOrEqual(4.5);
      expect(contrast('#ffffff', resolve(`--mantine-color-${color}-filled-hover`))).toBeGreaterThanOrEqual(
        4.5,
      );
    },
  );

  it('keeps placeholder text readable on white and on striped rows', () => {
    const text = resolve('--mantine-color-placeholder');
    expect(contrast(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, full.colors.gray[0])).toBeGreaterThanOrEqual(4.5);
  });
});
