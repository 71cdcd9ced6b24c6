import { parseTagScanMode } from '../stations/scan-mode';
import { DISTRIBUTION_STATION_TIMEOUT_MS } from '../stations/constants';
import { confirmTagState } from '../tags/flows';
import type { TagOwner } from '../tags/contract';
import type { ParseResult } from '../validators/parse-result';
import { KIOSK_ACTIVATABLE_STATES } from './swap';

// Issue 21: the distribution kiosk (SPEC §2.1 /distribution/{station}/…) as a pure state machine.
// A person is identified (suggestion list or badge QR), then a tag (tap or scan, by the station's
// scan mode), its status shown, and it is activated for them (SPEC §4 assignment) — or, from their
// current tags, one is swapped for another. The console keeps the state per tab and sends events;
// every refusal is named here and worded in ./messages.ts.

/**
 * How often the tap screen asks GET /api/button-event for a tap (issue 21). The target from a tap
 * to the kiosk showing the tag is p95 < 1.5 s: the ingest and the answer take well under 0.5 s, so
 * a 500 ms poll leaves the worst case (a tap just after a poll) at about 1 s. Faster polls buy
 * little and cost a request per tablet every few hundred ms while nobody is tapping.
 */
export const KIOSK_TAP_POLL_MS = 500;

/** How long the success screen stays before the kiosk returns home by itself (issue 21 success). */
export const KIOSK_SUCCESS_RETURN_MS = 10_000;

/** The person the kiosk serves: a Person of SPEC §3 as the suggestion list or badge found them. */
export type KioskPerson = { name: string; personId: string; contact?: string | null };

/** What the flow needs of a tag (SPEC §3 Tag config.state and config.owner.personId). */
export type KioskTag = { id: string; state: string | null; ownerPersonId: string | null };

export type KioskFlow =
  | { step: 'home' }
  | { step: 'personChosen'; person: KioskPerson }
  /** The tap or scan screen: waiting for a tag, heard after `since` (ISO). */
  | { step: 'identifyingTag'; person: KioskPerson | null; swapOut: string | null; since: string }
  /** A tag was tapped or scanned; its status is loading. */
  | { step: 'tagIdentified'; person: KioskPerson | null; swapOut: string | null; tagId: string }
  /** `error` is the last activation's failure (e.g. SPEC §4 'DB error'). */
  | {
      step: 'statusShown';
      person: KioskPerson | null;
      swapOut: string | null;
      tag: KioskTag;
      error?: string;
    }
  | { step: 'activating'; person: KioskPerson; swapOut: string | null; tag: KioskTag }
  | { step: 'currentTags'; person: KioskPerson }
  | { step: 'success'; person: KioskPerson; tagId: string; returnedTag: string | null };

export type KioskStep = KioskFlow['step'];

export type KioskEvent =
  | { type: 'pickPerson'; person: KioskPerson }
  | { type: 'identifyTag'; now: string }
  | { type: 'tagFound'; tagId: string }
  | { type: 'statusLoaded'; tag: KioskTag }
  | { type: 'activate' }
  /** The server's answer to the activation: the state it returned for the tag. */
  | { type: 'activated'; returnedState: string | null | undefined }
  | { type: 'activationFailed'; reason: string }
  | { type: 'openCurrentTags' }
  /** Current tags → swap: `returnTag` goes back, then the tag to take is identified (from `now`). */
  | { type: 'swap'; returnTag?: KioskTag | null; now: string }
  | { type: 'back' }
  /** Start over, the station timeout (SPEC §9) or done: home, nothing kept. */
  | { type: 'reset' };

/** Why an event is refused; ./messages.ts words each one for the person at the kiosk. */
export type KioskRefusal =
  | 'busy'
  | 'noPerson'
  | 'noPersonId'
  | 'notIdentifying'
  | 'staleStatus'
  | 'notShowingStatus'
  | 'notActivating'
  | 'alreadyTheirs'
  | 'deployedToOther'
  | 'reservedForOther'
  | 'tagStateUnknown'
  | 'notOnShelf'
  | 'swapSameTag'
  | 'notInCurrentTags'
  | 'noTagToReturn'
  | 'notTheirTag';

export type KioskTransition = { ok: true; flow: KioskFlow } | { ok: false; refusal: KioskRefusal };

export const KIOSK_HOME: KioskFlow = { step: 'home' };

const ok = (flow: KioskFlow): KioskTransition => ({ ok: true, flow });
const refuse = (refusal: KioskRefusal): KioskTransition => ({ ok: false, refusal });

/** The person of a flow, when one is chosen. */
export function personOf(flow: KioskFlow): KioskPerson | null {
  return flow.step === 'home' ? null : flow.person;
}

/** Where `back` leads: the person's start when one is chosen, else home. */
function start(person: KioskPerson | null): KioskFlow {
  return person ? { step: 'personChosen', person } : KIOSK_HOME;
}

/**
 * Issue 21 Activate, SPEC §4 tag flows: why `tag` may not be activated for `person`, or null.
 * A kiosk hands out only a tag on the shelf (KIOSK_ACTIVATABLE_STATES, as the swap does), never
 * one deployed or set aside for someone else, and never the tag being returned in a swap.
 */
export function activationRefusal(
  person: KioskPerson | null,
  tag: KioskTag,
  swapOut: string | null = null,
): KioskRefusal | null {
  if (!person) return 'noPerson';
  if (!person.personId.trim()) return 'noPersonId';
  if (swapOut === tag.id) return 'swapSameTag';
  if (tag.state === null) return 'tagStateUnknown';
  if (tag.state === 'deployed') {
    return tag.ownerPersonId === person.personId ? 'alreadyTheirs' : 'deployedToOther';
  }
  if (!(KIOSK_ACTIVATABLE_STATES as readonly string[]).includes(tag.state)) return 'notOnShelf';
  if (tag.state === 'reserved' && tag.ownerPersonId && tag.ownerPersonId !== person.personId) {
    return 'reservedForOther';
  }
  return null;
}

/** Issue 21 flows as a state machine: the next flow for `event`, or why it is refused. */
export function kioskTransition(flow: KioskFlow, event: KioskEvent): KioskTransition {
  if (event.type === 'reset') return ok(KIOSK_HOME);
  if (flow.step === 'activating' && event.type !== 'activated' && event.type !== 'activationFailed') {
    return refuse('busy');
  }
  switch (event.type) {
    case 'pickPerson':
      return pickPerson(flow, event.person);
    case 'identifyTag':
      if (flow.step === 'success') return refuse('busy');
      return ok({
        step: 'identifyingTag',
        person: personOf(flow),
        swapOut: 'swapOut' in flow ? flow.swapOut : null,
        since: event.now,
      });
    case 'tagFound':
      if (flow.step !== 'identifyingTag') return refuse('notIdentifying');
      if (flow.swapOut === event.tagId) return refuse('swapSameTag');
      return ok({ step: 'tagIdentified', person: flow.person, swapOut: flow.swapOut, tagId: event.tagId });
    case 'statusLoaded':
      return statusLoaded(flow, event.tag);
    case 'activate':
      return activate(flow);
    case 'activated':
    case 'activationFailed':
      return settle(flow, event);
    case 'openCurrentTags': {
      const person = personOf(flow);
      return person ? ok({ step: 'currentTags', person }) : refuse('noPerson');
    }
    case 'swap':
      return swap(flow, event.returnTag ?? null, event.now);
    case 'back':
      return ok(flow.step === 'success' ? KIOSK_HOME : start(personOf(flow)));
  }
}

function pickPerson(flow: KioskFlow, person: KioskPerson): KioskTransition {
  if (flow.step === 'success') return refuse('busy');
  // A tag already in hand stays; a swap belonged to the person before.
  switch (flow.step) {
    case 'identifyingTag':
      return ok({ ...flow, person, swapOut: null });
    case 'tagIdentified':
      return ok({ ...flow, person, swapOut: null });
    case 'statusShown':
      return ok({ step: 'statusShown', person, swapOut: null, tag: flow.tag });
    default:
      return ok({ step: 'personChosen', person });
  }
}

function statusLoaded(flow: KioskFlow, tag: KioskTag): KioskTransition {
  if (flow.step === 'tagIdentified' && flow.tagId === tag.id) {
    return ok({ step: 'statusShown', person: flow.person, swapOut: flow.swapOut, tag });
  }
  if (flow.step === 'statusShown' && flow.tag.id === tag.id) return ok({ ...flow, tag });
  return refuse('staleStatus');
}

function activate(flow: KioskFlow): KioskTransition {
  if (flow.step !== 'statusShown') return refuse('notShowingStatus');
  const refusal = activationRefusal(flow.person, flow.tag, flow.swapOut);
  if (refusal) return refuse(refusal);
  return ok({ step: 'activating', person: flow.person!, swapOut: flow.swapOut, tag: flow.tag });
}

function settle(
  flow: KioskFlow,
  event: Extract<KioskEvent, { type: 'activated' | 'activationFailed' }>,
): KioskTransition {
  if (flow.step !== 'activating') return refuse('notActivating');
  const confirmed =
    event.type === 'activated'
      ? confirmTagState('deployed', event.returnedState)
      : { ok: false as const, reason: event.reason };
  if (!confirmed.ok) {
    const { person, swapOut, tag } = flow;
    return ok({ step: 'statusShown', person, swapOut, tag, error: confirmed.reason });
  }
  return ok({ step: 'success', person: flow.person, tagId: flow.tag.id, returnedTag: flow.swapOut });
}

function swap(flow: KioskFlow, returnTag: KioskTag | null, now: string): KioskTransition {
  if (flow.step !== 'currentTags') return refuse('notInCurrentTags');
  if (!returnTag) return refuse('noTagToReturn');
  if (returnTag.state !== 'deployed' || returnTag.ownerPersonId !== flow.person.personId) {
    return refuse('notTheirTag');
  }
  return ok({ step: 'identifyingTag', person: flow.person, swapOut: returnTag.id, since: now });
}

/** The PUT /api/tags/{id} or swap request that activates the tag of an `activating` flow (SPEC §4, §7). */
export type ActivationRequest =
  | { kind: 'assign'; tagId: string; body: { state: 'deployed'; owner: TagOwner; station: string } }
  | {
      kind: 'swap';
      body: {
        returnTag: string;
        returnState: 'ready_for_return';
        activateTag: string;
        owner: TagOwner;
      };
    };

export function activationRequest(
  flow: Extract<KioskFlow, { step: 'activating' }>,
  stationId: string,
): ActivationRequest {
  const owner = { name: flow.person.name, personId: flow.person.personId };
  if (flow.swapOut) {
    return {
      kind: 'swap',
      body: { returnTag: flow.swapOut, returnState: 'ready_for_return', activateTag: flow.tag.id, owner },
    };
  }
  return { kind: 'assign', tagId: flow.tag.id, body: { state: 'deployed', owner, station: stationId } };
}

/**
 * Issue 21 Identify the tag, SPEC §3 tag scan modes, §8: a tap screen for singleTap and doubleTap,
 * the scan screen for qrCode (camera) and off (typed); any other mode is 'Invalid tag scan mode: <mode>'.
 */
export function identifyScreenFor(mode: unknown): ParseResult<'tap' | 'scan'> {
  const parsed = parseTagScanMode(mode);
  if (!parsed.ok) return parsed;
  return { ok: true, value: parsed.value === 'singleTap' || parsed.value === 'doubleTap' ? 'tap' : 'scan' };
}

/**
 * Issue 21: a badge's QR code holds the person id, alone or at the end of a URL (its last path
 * segment, without query or fragment); null when there is none.
 */
export function personIdFromBadge(content: string): string | null {
  const text = content.trim();
  if (!text.includes('/')) return text || null;
  const path = text.split(/[?#]/)[0]!;
  const last = path.split('/').filter(Boolean).pop();
  if (!last || /^[a-z][a-z0-9+.-]*:$/i.test(last)) return null;
  try {
    return decodeURIComponent(last).trim() || null;
  } catch {
    return last;
  }
}

/** SPEC §9: the kiosk's session ends after the distribution-station timeout (1 hour) of no use. */
export function kioskSessionExpired(lastUsedAt: number, now: number): boolean {
  return now - lastUsedAt >= DISTRIBUTION_STATION_TIMEOUT_MS;
}

/**
 * The factory's and the warehouse's kiosk roles (SPEC §2.2: sent to their kiosk's home). SPEC does
 * not show their sign-out: people sign in to these kiosks by name and hand over at the end of a
 * shift, so a signed-in user of these roles may always sign out (issue 22).
 */
const LOGISTICS_KIOSK_ROLES = ['factory', 'warehouse', 'warehouseTempo', 'warehouseAutomation'];

/**
 * SPEC §6: kiosk logout for role distribution only with the kioskLogout flag and no API key; the
 * logistics kiosks' users always (no API key).
 */
export function mayLogOutOfKiosk(who: {
  role: string;
  flags: Readonly<Record<string, boolean | undefined>>;
  usesApiKey: boolean;
}): boolean {
  if (who.usesApiKey) return false;
  if (LOGISTICS_KIOSK_ROLES.includes(who.role)) return true;
  return who.role === 'distribution' && who.flags.kioskLogout === true;
}

/**
 * SPEC §6: exit to the dashboard needs an installed app and the station's saved can-exit setting.
 * The distribution role opens only distribution routes (SPEC §2.2): the dashboard would send it
 * straight back, so it is not offered one.
 */
export function mayExitKiosk(who: { role: string; installedApp: boolean; canExit: boolean }): boolean {
  return who.role !== 'distribution' && who.installedApp && who.canExit;
}
