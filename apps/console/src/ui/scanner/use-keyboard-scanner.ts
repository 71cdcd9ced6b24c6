import { useEffect, useRef } from 'react';

/**
 * A hand-held scanner types its characters within a few milliseconds of each other; a longer pause
 * starts a new scan, so keys pressed earlier are not taken into it.
 */
export const SCANNER_KEY_GAP_MS = 250;

export type KeyboardScannerOptions = {
  /** Shorter entries are ignored (a stray key and Enter); default 4. */
  minLength?: number;
  /** False stops listening (e.g. while a scan's result is shown); default true. */
  enabled?: boolean;
};

/**
 * A hand-held scanner acting as a keyboard: the characters it types outside any text field, ended
 * by Enter, are one scan given to `onScan`. Typing into a text field is left to the field (a
 * ScanInput takes a scan typed into it itself).
 */
export function useKeyboardScanner(
  onScan: (text: string) => void,
  { minLength = 4, enabled = true }: KeyboardScannerOptions = {},
) {
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  });

  useEffect(() => {
    if (!enabled) return;
    let typed = '';
    let lastKeyAt = -Infinity;

    function onKeyDown(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || isTextField(event.target)) return;
      if (event.timeStamp - lastKeyAt > SCANNER_KEY_GAP_MS) typed = '';
      lastKeyAt = event.timeStamp;
      if (event.key === 'Enter') {
        const text = typed.trim();
        typed = '';
        if (text.length < minLength) return;
        // The scan's Enter must not also press the button that has the focus.
        event.preventDefault();
        onScanRef.current(text);
      } else if (event.key.length === 1) {
        typed += event.key;
      }
    }

    // Capturing: a widget that stops the key's propagation does not hide a scan.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [enabled, minLength]);
}

const NOT_TEXT = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** Whether keys typed into `target` are its own text: a text input, a text area, a select or editable content. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NOT_TEXT.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target.isContentEditable || target.closest('[contenteditable=""], [contenteditable="true"]') !== null
  );
}
