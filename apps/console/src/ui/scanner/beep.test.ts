import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The scan sounds (beep.ts) against a fake Web Audio API installed on globalThis: what a browser
// would be asked to play. jsdom has no AudioContext, which the sounds must survive.

type Scheduled = { frequency: number; type: string; start: number | null; stop: number | null; to: unknown };

class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  state: AudioContextState = 'running';
  currentTime = 12;
  destination = { destination: true };
  oscillators: Scheduled[] = [];
  gains: { peak: number; to: unknown }[] = [];
  resume = vi.fn(async () => {
    this.state = 'running';
  });
  constructor() {
    FakeAudioContext.made.push(this);
  }
  createGain() {
    const record = { peak: 0, to: null as unknown };
    this.gains.push(record);
    const track = (value: number) => void (record.peak = Math.max(record.peak, value));
    return {
      gain: { setValueAtTime: track, linearRampToValueAtTime: track },
      connect: (to: unknown) => void (record.to = to),
      disconnect: () => {},
      record,
    };
  }
  createOscillator() {
    const scheduled: Scheduled = { frequency: 0, type: '', start: null, stop: null, to: null };
    this.oscillators.push(scheduled);
    return {
      frequency: {
        set value(hz: number) {
          scheduled.frequency = hz;
        },
      },
      set type(type: string) {
        scheduled.type = type;
      },
      onended: null as (() => void) | null,
      connect: (to: { record: unknown }) => void (scheduled.to = to.record),
      start: (at: number) => void (scheduled.start = at),
      stop: (at: number) => void (scheduled.stop = at),
    };
  }
}

/** beep.ts afresh: its one AudioContext is per module. */
const load = async () => {
  vi.resetModules();
  return import('./beep');
};

beforeEach(() => {
  FakeAudioContext.made = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('beep', () => {
  it('plays nothing and throws nothing without Web Audio, or when it fails', async () => {
    expect('AudioContext' in globalThis).toBe(false);
    const { beep, beepRefused } = await load();
    expect(() => beep()).not.toThrow();
    expect(() => beepRefused()).not.toThrow();
    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          throw new Error('NotAllowedError');
        }
      },
    );
    expect(() => beep()).not.toThrow();
  });

  it('plays one ~80 ms tone at 1 kHz, moderate, to the speakers', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { beep } = await load();
    beep();
    const [ctx] = FakeAudioContext.made;
    expect(ctx!.oscillators).toHaveLength(1);
    const [tone] = ctx!.oscillators;
    expect(tone).toMatchObject({ frequency: 1000, type: 'sine', start: 12 });
    expect(tone!.stop! - tone!.start!).toBeCloseTo(0.08);
    expect(tone!.to).toBe(ctx!.gains[0]);
    expect(ctx!.gains[0]!.to).toBe(ctx!.destination);
    expect(ctx!.gains[0]!.peak).toBeGreaterThan(0.05);
    expect(ctx!.gains[0]!.peak).toBeLessThanOrEqual(0.3);
  });

  it('plays a refusal as two lower tones, one after the other', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { beepRefused } = await load();
    beepRefused();
    const [first, second] = FakeAudioContext.made[0]!.oscillators;
    expect(FakeAudioContext.made[0]!.oscillators).toHaveLength(2);
    for (const tone of [first!, second!]) {
      expect(tone.frequency).toBeLessThan(1000);
      expect(tone.stop).toBeGreaterThan(tone.start!);
    }
    expect(second!.start).toBeGreaterThan(first!.stop!);
  });

  it('makes one AudioContext and reuses it, resuming it when the browser suspended it', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { beep, beepRefused } = await load();
    beep();
    const [ctx] = FakeAudioContext.made;
    ctx!.state = 'suspended';
    ctx!.resume.mockRejectedValueOnce(new Error('not allowed yet'));
    beep();
    beepRefused();
    expect(FakeAudioContext.made).toHaveLength(1);
    expect(ctx!.resume).toHaveBeenCalled();
    expect(ctx!.oscillators).toHaveLength(4);
  });
});
