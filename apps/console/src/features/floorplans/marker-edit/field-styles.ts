// A field in error writes its value and message in Mantine's error colour (red 8 here, about 4.5:1
// on white, which axe rounds under AA): the message is written a shade darker and the value keeps the
// text colour; the red border and the message still say what is wrong.
export const READABLE_ERROR_STYLES = {
  input: { color: 'var(--mantine-color-text)' },
  error: { color: 'var(--mantine-color-red-9)' },
} as const;
