/** The alarm ships with the console (no CDN): a loud hi-lo two-tone, looped. */
export const ALARM_SOUND_URL = '/sounds/alarm.wav';

/** idle: silent and allowed to sound; playing: sounding; blocked: the browser refuses to play. */
export type AudioState = 'idle' | 'playing' | 'blocked';

const RETRY_MS = 2000;
/** Events that give the page the user activation a blocked audio needs (SPEC §2.6 'click anywhere'). */
const ACTIVATION_EVENTS = ['click', 'keydown', 'touchend'] as const;

function createAlarmAudio(): HTMLAudioElement {
  const audio = new Audio(ALARM_SOUND_URL);
  audio.loop = true;
  audio.preload = 'auto';
  // In the document (hidden, no controls) so the page's sound can be inspected like any other media.
  audio.dataset.vigilAlarm = '';
  audio.setAttribute('aria-hidden', 'true');
  document.body.appendChild(audio);
  return audio;
}

const errorName = (err: unknown) => (err instanceof Error || err instanceof DOMException ? err.name : '');

/**
 * Plays the alarm while it is wanted, started by the page itself. When the browser refuses
 * (NotAllowedError: no user activation yet) the state is 'blocked' until the next click or key
 * anywhere, which retries. Anything else that stops the sound while it is wanted starts it again.
 */
export class AlarmPlayer {
  private audio: HTMLAudioElement | undefined;
  private wanted = false;
  private state: AudioState = 'idle';
  private readonly listeners = new Set<() => void>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private unlockArmed = false;
  private disposed = false;

  constructor(private readonly createAudio: () => HTMLAudioElement = createAlarmAudio) {}

  getState = (): AudioState => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /**
   * Loads the sound and checks, silently, that the browser lets the page play it, so a blocked
   * audio is reported before the first alert rather than during it.
   */
  prepare() {
    const audio = this.element();
    audio.volume = 0;
    // Where volume is fixed (iOS) the check would be heard: wait for a real alarm instead.
    if (audio.volume !== 0) audio.volume = 1;
    else void this.play();
  }

  setWanted(wanted: boolean) {
    if (this.disposed || wanted === this.wanted) return;
    this.wanted = wanted;
    if (wanted) void this.play();
    else this.silence();
  }

  /** A user gesture: the moment a blocked audio may be allowed. */
  retry() {
    if (!this.disposed) void this.play();
  }

  dispose() {
    this.silence();
    this.disposed = true;
    this.wanted = false;
    this.disarmUnlock();
    this.listeners.clear();
    this.audio?.remove();
  }

  private element(): HTMLAudioElement {
    if (!this.audio) {
      const audio = this.createAudio();
      // Media keys or the browser's media controls may pause it: an unacknowledged alert must not go quiet.
      audio.addEventListener('pause', () => {
        if (this.wanted) this.scheduleRetry();
      });
      this.audio = audio;
    }
    return this.audio;
  }

  /** Plays at full volume when wanted; otherwise plays silently and stops, only to learn whether it may. */
  private async play() {
    clearTimeout(this.retryTimer);
    const audio = this.element();
    audio.volume = this.wanted ? 1 : 0;
    try {
      await audio.play();
    } catch (err) {
      const name = errorName(err);
      if (name === 'NotAllowedError') {
        this.setState('blocked');
        this.armUnlock();
      } else if (name !== 'AbortError' && this.wanted) {
        // The sound failed to load or play: keep trying while an alert needs it. (AbortError: we paused it.)
        this.scheduleRetry();
      }
      return;
    }
    if (this.disposed) return;
    if (this.wanted) {
      audio.volume = 1;
      this.setState('playing');
    } else {
      this.pause(audio);
      audio.volume = 1;
      this.setState('idle');
    }
  }

  private silence() {
    clearTimeout(this.retryTimer);
    if (this.audio) this.pause(this.audio);
    if (this.state === 'playing') this.setState('idle');
  }

  private pause(audio: HTMLAudioElement) {
    audio.pause();
    audio.currentTime = 0;
  }

  private scheduleRetry() {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (this.wanted) void this.play();
    }, RETRY_MS);
  }

  private readonly onActivation = () => this.retry();

  private armUnlock() {
    if (this.unlockArmed) return;
    this.unlockArmed = true;
    for (const event of ACTIVATION_EVENTS) document.addEventListener(event, this.onActivation, true);
  }

  private disarmUnlock() {
    if (!this.unlockArmed) return;
    this.unlockArmed = false;
    for (const event of ACTIVATION_EVENTS) document.removeEventListener(event, this.onActivation, true);
  }

  private setState(state: AudioState) {
    if (state !== 'blocked') this.disarmUnlock();
    if (state === this.state) return;
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
