import type { RawRule, ScanAnswer } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import type { ScanBody } from './scan-queue';

// For the warehouse kiosk's tests only: a small server over `fetch` for the scan calls.

/** The demo warehouse role (docs/ROLES.md): inventory and orders. */
export const WAREHOUSE_RULES: RawRule[] = [
  { action: ['list', 'read', 'update', 'delete'], subject: 'Inventory' },
  { action: ['list', 'read', 'update'], subject: 'Order' },
];

/** An answer of `outcome` to a scan of `text`. */
export function answerOf(
  body: ScanBody,
  outcome: ScanAnswer['changed']['outcome'] = 'changed',
  change: Partial<ScanAnswer> = {},
): ScanAnswer {
  return {
    step: body.step,
    understood: { kind: 'box', id: body.text, text: `Box ${body.text}` },
    changed: { outcome, text: `${outcome}: ${body.text}`, devices: [] },
    next: `Scan the next box after ${body.text}`,
    print: null,
    order: null,
    repeat: false,
    ...change,
  };
}

type ScanHandler = (body: ScanBody) => Response | ScanAnswer | Promise<Response | ScanAnswer>;

/** POST warehouse/scan answered by `onScan` (each body recorded), GET steps/{step} with `next`. */
export function serveWarehouse(
  opts: { onScan?: ScanHandler; next?: string; extra?: (url: URL) => unknown } = {},
) {
  const scans: ScanBody[] = [];
  const fetch = stubFetch(async (url, init) => {
    const path = url.pathname;
    if (path === '/api/warehouse/scan' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as ScanBody;
      scans.push(body);
      return (opts.onScan ?? ((b) => answerOf(b)))(body);
    }
    const step = /^\/api\/warehouse\/steps\/(\w+)$/.exec(path);
    if (step) return { step: step[1], state: {}, next: opts.next ?? 'Scan a box label', order: null };
    const extra = opts.extra?.(url);
    if (extra !== undefined) return extra;
    return json({ reason: 'Not found' }, 404);
  });
  return { fetch, scans };
}

/** A promise the test settles: a server answer held back until `release`. */
export function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { opened, release };
}
