import { type ButtonEventStatus, type ButtonEventsBody, type ButtonEventsResult } from '@vigil/domain';
import { HttpError } from '../platform/errors';
import { type AlertContext, type AlertRow } from '../alerts';
import type { GatewayKey } from './gateway-keys';

export type Result = ButtonEventsResult['results'][number];
export type Touched = { row: AlertRow; ctx: AlertContext };
export type ButtonEventsOutcome = {
  /** 202 when every button event named a tag unknown to the organisation, else 200. */
  status: 200 | 202;
  results: Result[];
  /** Alerts this post opened or made unacknowledged again, as committed (for their escalation). */
  touched: Touched[];
};

/** A post as the batcher holds it: the gateway key it came with and its body. */
export type Post = { key: GatewayKey; body: ButtonEventsBody };

export const unknownGateway = () => new HttpError(403, 'Unknown gateway', 'unknown_gateway', 'gateway');

export type ButtonEventInput = ButtonEventsBody['buttonEvents'][number];

/** One button event of a batch, in arrival order (posts as queued, events as sent). */
export type Item = {
  post: number;
  event: ButtonEventInput;
  orgId: string;
  gatewayId: string;
  gatewayZoneId: string | null;
  nonce: string;
  /** (org, tag, nonce): what makes a button event the same one. */
  key: string;
  /** The tag, when it is the organisation's. */
  tag?: { id: string; zoneId: string | null };
  /** The batch's first button event with the same key, when this is a later one. */
  first?: Item;
  /** A first of its key that no earlier transaction stored: this batch claims it. */
  claims?: boolean;
  answer?: Result;
};

export const keyOf = (orgId: string, tagId: string, nonce: string) => JSON.stringify([orgId, tagId, nonce]);

/**
 * Another writer (another instance) stored a claim or opened an alert this batch counted on, after
 * the batch read: the transaction is rolled back and the batch written again, reading that.
 */
export class IngestRace extends Error {}

export function answer(event: ButtonEventInput, status: ButtonEventStatus, alertId?: string | null): Result {
  return alertId
    ? { tag: event.tag, nonce: event.nonce, status, alertId }
    : { tag: event.tag, nonce: event.nonce, status };
}
