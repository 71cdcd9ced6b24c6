import type { RealtimeBus } from '../platform/realtime/bus';
import { channelFor, type Channel, type ChannelKind, type ChannelSettings } from './channels';
import { startDue, type DeliverContext } from './deliver';
import { fanOut } from './fan-out';
import { DEFAULT_DIGEST_HOUR, sweepDisconnectedGateways, sweepFlaggedDigest } from './sweeps';
import { onTriggerWritten } from './triggers';

// The notifications' workers (tables.ts steps 2 and 3), on every instance: fan out new triggers,
// then claim and send due deliveries, whenever an alert event arrives (the realtime bus, which
// hears every instance's commits), a trigger is written here, or every POLL_MS (deliveries due
// later — "still unacknowledged", retries — and anything a wake-up missed).

/** How often the workers look without being woken. */
export const POLL_MS = 1000;
/** How often the sweeps (sweeps.ts) look for quiet gateways and the day's digest. */
export const SWEEP_MS = 60_000;

export type NotificationWorkerOptions = Omit<DeliverContext, 'channels'> & {
  settings: ChannelSettings;
  bus?: Pick<RealtimeBus, 'subscribe'>;
  pollMs?: number;
  /** The UTC hour of the daily digest (NOTIFY_DIGEST_HOUR). */
  digestHour?: number;
};

export class NotificationWorker {
  private readonly ctx: DeliverContext;
  private timer: NodeJS.Timeout | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly sending = new Set<Promise<unknown>>();

  constructor(private readonly opts: NotificationWorkerOptions) {
    const channels: Partial<Record<ChannelKind, Channel>> = {};
    for (const kind of ['email', 'wctp', 'sms', 'webhook'] as const) {
      const channel = channelFor(kind, opts.settings);
      if (channel) channels[kind] = channel;
    }
    this.ctx = { ...opts, channels };
  }

  start(): void {
    // After the event's own work (its consoles' streams): the alert path first.
    this.unsubscribe = this.opts.bus?.subscribe((event) => {
      if (event.type === 'alert') setImmediate(() => this.kick());
    });
    onTriggerWritten(() => this.kick());
    this.timer = setInterval(() => this.kick(), this.opts.pollMs ?? POLL_MS);
    this.timer.unref();
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
    this.kick();
  }

  /** Writes the sweeps' triggers; the next run fans them out. */
  private async sweep(): Promise<void> {
    try {
      const written =
        (await sweepDisconnectedGateways(this.ctx.db)) +
        (await sweepFlaggedDigest(this.ctx.db, this.opts.digestHour ?? DEFAULT_DIGEST_HOUR));
      if (written > 0) this.kick();
    } catch (err) {
      this.ctx.log?.warn({ err }, 'notification sweeps failed');
    }
  }

  /** Runs the workers now, or once more after the run in progress. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => (this.running = undefined));
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      try {
        const { triggers } = await fanOut(this.ctx.db);
        const { taken, sent } = await startDue(this.ctx);
        this.sending.add(sent);
        void sent.finally(() => this.sending.delete(sent));
        if (triggers > 0 || taken > 0) this.again = true;
        // Requests (a press) go before the next round: the alert path shares the database.
        await new Promise((resolve) => setImmediate(resolve));
      } catch (err) {
        // The database away for a moment: the next poll tries again.
        this.ctx.log?.warn({ err }, 'notification workers failed');
        return;
      }
    } while (this.again && !this.stopped);
  }

  /** Stops waking, lets the run and the sends in progress end, and closes the channels. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.sweeper) clearInterval(this.sweeper);
    this.unsubscribe?.();
    onTriggerWritten(() => undefined);
    await this.running;
    await Promise.allSettled([...this.sending]);
    await Promise.allSettled(Object.values(this.ctx.channels).map((c) => c.close?.()));
  }
}
