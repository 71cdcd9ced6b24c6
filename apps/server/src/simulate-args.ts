import { parseArgs } from 'node:util';
import { PRESS_PATTERN_NAMES, parseMac, type PressPatternName } from '@vigil/domain';
import { DEMO_GATEWAY_IDS, DEMO_GATEWAY_KEY, DEMO_TAG_IDS } from './db/seed';

/** `vigil simulate`'s flags: their usage text, limits and reading (what simulate.ts runs). */
export const SIMULATE_USAGE = `vigil simulate [options]   drive a running server like a site

  --url <url>          server to drive (default http://localhost:8080)
  --key <key>          gateway key (default the demo organisation's)
  --gateways <n>       gateways heartbeating and reporting presses (default 2, at most 100)
  --gateway-ids <ids>  their MACs, comma-separated (default the demo gateways b0a710000001…)
  --tags <ids>         tag MACs pressed in turn, comma-separated (default the 8 demo tags)
  --rate <n>           presses per second (default 1, at most 500)
  --pattern <p>        help | activeShooter | dangerHold | test | mixed (default help)
  --duration <s>       seconds of presses (default 10, at most 3600)
  --retries <f>        fraction of presses re-sent with the same nonce (default 0.1)
  --heartbeat <s>      seconds between a gateway's heartbeats (default 5)
  --max-presses <n>    stop after this many presses (default rate × duration, at most 1000000)
  --sightings <n>      the first n of --tags walk between the gateways (default 0): every gateway
                       posts what it hears each second, the nearest gateway strongest; each walking
                       tag moves to a neighbouring gateway every ~20 s
`;

export const SIMULATE_LIMITS = {
  gateways: 100,
  rate: 500,
  durationS: 3600,
  presses: 1_000_000,
  /** Presses awaiting their answer at once; the next waits for a slot. */
  inFlight: 64,
  requestTimeoutMs: 30_000,
  /** Seconds between a walking tag's moves, on average. */
  walkEveryS: 20,
} as const;

export type SimulatePattern = PressPatternName | 'mixed';

export type SimulateOptions = {
  url: string;
  key: string;
  gateways: string[];
  tags: string[];
  rate: number;
  pattern: SimulatePattern;
  durationS: number;
  retries: number;
  heartbeatS: number;
  maxPresses: number;
  /** Tags walking between the gateways (the first of `tags`), heard in sightings posts each second. */
  sightings: number;
};

/** Reads `vigil simulate` arguments; throws an Error whose message says what is wrong. */
export function parseSimulateArgs(args: string[]): SimulateOptions {
  const values = readFlags(args);
  // Checked in this order, so the first wrong flag is the one named.
  const url = serverUrl(values.url);
  const gateways = gatewaysOf(values.gateways, values['gateway-ids']);
  const pattern = patternOf(values.pattern);
  const rate = numberArg('rate', values.rate, 0.01, SIMULATE_LIMITS.rate);
  const durationS = numberArg('duration', values.duration, 0, SIMULATE_LIMITS.durationS);
  const maxPresses = maxPressesOf(values['max-presses'], rate, durationS);
  const tags = values.tags ? macsArg('tags', values.tags) : DEMO_TAG_IDS;
  const sightings = Math.floor(numberArg('sightings', values.sightings, 0, tags.length));
  return {
    url,
    key: values.key,
    gateways,
    tags,
    rate,
    pattern,
    durationS,
    retries: numberArg('retries', values.retries, 0, 1),
    heartbeatS: numberArg('heartbeat', values.heartbeat, 0.5, 3600),
    maxPresses,
    sightings,
  };
}

/** The flags as given, with their defaults; an unknown flag throws. */
function readFlags(args: string[]) {
  return parseArgs({
    args,
    options: {
      url: { type: 'string', default: 'http://localhost:8080' },
      key: { type: 'string', default: DEMO_GATEWAY_KEY },
      gateways: { type: 'string', default: '2' },
      'gateway-ids': { type: 'string' },
      tags: { type: 'string' },
      rate: { type: 'string', default: '1' },
      pattern: { type: 'string', default: 'help' },
      duration: { type: 'string', default: '10' },
      retries: { type: 'string', default: '0.1' },
      heartbeat: { type: 'string', default: '5' },
      'max-presses': { type: 'string' },
      sightings: { type: 'string', default: '0' },
    },
    strict: true,
  }).values;
}

function numberArg(name: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`--${name} must be between ${min} and ${max}`);
  return n;
}

function macsArg(name: string, text: string): string[] {
  return text.split(',').map((raw) => {
    const mac = parseMac(raw.trim());
    if (!mac.ok) throw new Error(`--${name}: ${raw.trim()} is not a MAC (${mac.reason})`);
    return mac.value;
  });
}

/** An http(s) URL, without its trailing slash. */
function serverUrl(text: string): string {
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('--url must be http(s)');
  return url.toString().replace(/\/$/, '');
}

/** The first `--gateways` of the ids given (default the demo gateways); there must be that many. */
function gatewaysOf(countText: string, idsText: string | undefined): string[] {
  const count = Math.floor(numberArg('gateways', countText, 1, SIMULATE_LIMITS.gateways));
  const gatewayIds = idsText ? macsArg('gateway-ids', idsText) : DEMO_GATEWAY_IDS;
  if (gatewayIds.length < count) {
    throw new Error(
      `--gateways ${count} needs as many gateway ids (${gatewayIds.length} given): use --gateway-ids`,
    );
  }
  return gatewayIds.slice(0, count);
}

function patternOf(text: string): SimulatePattern {
  const pattern = text as SimulatePattern;
  if (pattern !== 'mixed' && !(PRESS_PATTERN_NAMES as readonly string[]).includes(pattern)) {
    throw new Error(`--pattern must be one of ${[...PRESS_PATTERN_NAMES, 'mixed'].join(', ')}`);
  }
  return pattern;
}

/** `--max-presses`, by default every press the rate makes in the duration; at most the limit. */
function maxPressesOf(text: string | undefined, rate: number, durationS: number): number {
  return text
    ? Math.floor(numberArg('max-presses', text, 0, SIMULATE_LIMITS.presses))
    : Math.min(SIMULATE_LIMITS.presses, Math.ceil(rate * durationS));
}
