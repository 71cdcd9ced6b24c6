/**
 * The kiosk's scan sounds (docs/WAREHOUSE.md "Idempotency and fast scans": a scan beeps at once),
 * played with the Web Audio API: `beep` when a scan is taken, `beepRefused` (two lower tones) when
 * the answer is a refusal. One AudioContext, made at the first sound and reused, resumed when the
 * browser suspended it. Where Web Audio is missing or fails (jsdom, an old browser, a page the
 * browser will not let play yet) the sounds are silently left out: a scan never fails for them.
 */

type Tone = { frequency: number; atMs: number; durationMs: number };

/** Moderate: heard over a warehouse floor, not startling at a desk. */
export const BEEP_GAIN = 0.2;
/** A scan taken: one short ~1 kHz tone. */
export const BEEP_TONES: readonly Tone[] = [{ frequency: 1000, atMs: 0, durationMs: 80 }];
/** A refused answer: two lower tones, apart enough to hear as two. */
export const REFUSED_TONES: readonly Tone[] = [
  { frequency: 440, atMs: 0, durationMs: 90 },
  { frequency: 440, atMs: 150, durationMs: 90 },
];
/** The fade at each end of a tone, so it does not click. */
const EDGE_S = 0.005;

type AudioContextClass = new () => AudioContext;
let context: AudioContext | null = null;

/** The page's AudioContext, made on first use (a failed attempt is tried again at the next sound). */
function audio(): AudioContext | null {
  if (context && context.state !== 'closed') return context;
  const scope = globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  const Context = scope.AudioContext ?? scope.webkitAudioContext;
  if (!Context) return null;
  context = new Context();
  return context;
}

function play(tones: readonly Tone[]): void {
  try {
    const ctx = audio();
    if (!ctx) return;
    // Browsers start a context suspended until the page has had a gesture; a scanner's keys are one.
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
    const now = ctx.currentTime;
    for (const tone of tones) {
      const start = now + tone.atMs / 1000;
      const end = start + tone.durationMs / 1000;
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = tone.frequency;
      gain.gain.setValueAtTime(0, start);
      gain.gain.linearRampToValueAtTime(BEEP_GAIN, start + EDGE_S);
      gain.gain.setValueAtTime(BEEP_GAIN, end - EDGE_S);
      gain.gain.linearRampToValueAtTime(0, end);
      oscillator.connect(gain);
      gain.connect(ctx.destination);
      oscillator.onended = () => gain.disconnect();
      oscillator.start(start);
      oscillator.stop(end);
    }
  } catch {
    // No sound is better than a scan lost to an audio error.
  }
}

/** A scan taken (joined the queue): one short ~1 kHz tone. */
export function beep(): void {
  play(BEEP_TONES);
}

/** A refused answer: two lower tones. */
export function beepRefused(): void {
  play(REFUSED_TONES);
}
