// A hand-held scanner acting as a USB keyboard, for the benches that drive a kiosk in Chromium
// (bench/warehouse-kiosk.bench.ts): a code's keystrokes, then Enter, sent to the page's focused
// element at the device's own pace. Each key goes out over CDP (Input.dispatchKeyEvent) at its
// time on a fixed schedule without waiting for the page to have handled the one before — as a
// scanner's keystrokes reach the browser whatever the page is doing — so a busy page queues them,
// as it would a real scanner's, and their event.timeStamp is when the browser received them.
// (Playwright's keyboard.type waits for each key's handling: a busy page would slow the scanner.)
import type { CDPSession, Page } from 'playwright-core';

/** Milliseconds between two keystrokes: 13 keys (a 12-character id and Enter) in ~25 ms. */
export const SCANNER_KEY_MS = 2;

const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));

/** The CDP key event of one character (letters, digits, '-'), or of Enter. */
function keyEvent(char: string): Record<string, string | number> {
  if (char === '\r') return { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' };
  const upper = char.toUpperCase();
  if (/[A-Z]/.test(upper))
    return { key: char, code: `Key${upper}`, windowsVirtualKeyCode: upper.charCodeAt(0), text: char };
  if (/[0-9]/.test(char))
    return { key: char, code: `Digit${char}`, windowsVirtualKeyCode: char.charCodeAt(0), text: char };
  if (char === '-') return { key: '-', code: 'Minus', windowsVirtualKeyCode: 189, text: '-' };
  throw new Error(`the scanner does not type ${JSON.stringify(char)}`);
}

export class HidScanner {
  private sent: Promise<unknown>[] = [];
  private constructor(private readonly cdp: CDPSession) {}

  static async on(page: Page): Promise<HidScanner> {
    return new HidScanner(await page.context().newCDPSession(page));
  }

  /**
   * Types `code` then Enter, its first key at `at` (performance.now() of this process) and each
   * next SCANNER_KEY_MS later; resolves once the last key is sent (not handled). Answers how late
   * the first key went out (ms).
   */
  async scan(code: string, at: number): Promise<number> {
    const keys = [...code, '\r'];
    let late = 0;
    for (let k = 0; k < keys.length; k++) {
      const due = at + k * SCANNER_KEY_MS;
      if (performance.now() < due) await sleepUntil(due);
      if (k === 0) late = performance.now() - due;
      const event = keyEvent(keys[k]!);
      this.sent.push(this.cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...event }));
      this.sent.push(this.cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...event, text: undefined }));
    }
    return late;
  }

  /** Waits until the browser has taken every key sent. */
  async drained() {
    await Promise.all(this.sent);
    this.sent = [];
  }

  async detach() {
    await this.cdp.detach();
  }
}
