import { isDuringVisit, isKioskTap, parseTagScanMode } from '@vigil/domain';
import type { Tx } from '../platform/db/client';
import type { HttpError } from '../platform/errors';
import { type AlertContext, type AlertRow } from '../alerts';

import {
  answer,
  keyOf,
  unknownGateway,
  type ButtonEventsOutcome,
  type Item,
  type Post,
  type Result,
  type Touched,
} from './batch-types';
import { applyPresses, type Applied, type PressVisit } from './apply-presses';
import { alertRowOf, letRequestsIn, readBatch, type BatchReads } from './read-batch';
import { writeBatch } from './write-batch';

/**
 * Writes posts in one transaction of two statements, whatever their number: one reads (readBatch),
 * then, decided in memory, one writes every claim with its answer, the new and changed alerts,
 * their history and their realtime events. Lock order is deterministic (alerts by tag, then claims
 * by key), so concurrent writers (other instances) do not deadlock on each other's batches, and one
 * that raced this batch makes it start again (IngestRace). Answers per post: its outcome, or a 403
 * for an unknown gateway.
 */
export async function writePosts(
  tx: Tx,
  posts: readonly Post[],
  now: Date,
): Promise<(ButtonEventsOutcome | HttpError)[]> {
  const outcomes: (ButtonEventsOutcome | HttpError)[] = new Array(posts.length);
  const items = itemsOf(posts);
  const reads = await readBatch(
    tx,
    new Set(posts.map((p) => p.body.gateway)),
    new Set(items.map((i) => i.event.tag)),
    namedInKeyOrder(items),
  );
  await letRequestsIn();

  const gatewayById = new Map(reads.gateways.map((g) => [g.id, g]));
  const refused = refuseUnknownGateways(posts, gatewayById, outcomes);
  const live = items.filter((i) => !refused.has(i.post));
  if (live.length === 0) return outcomes;
  const firsts = markFirsts(live);
  const pressesOf = answerStoredAndGroupPresses(live, reads, gatewayById);
  const { applied, fresh, updated } = applyAllPresses(pressesOf, reads, now);
  const ctx: AlertContext = {
    zones: new Map(reads.zones.map((z) => [z.id, z])),
    tags: new Map(reads.tags.map((t) => [t.id, { id: t.id, config: t.config }])),
    visits: new Map(
      reads.visits.map((v) => [
        v.id,
        {
          id: v.id,
          personName: v.person_name,
          address: v.address,
          geometry: v.geometry,
          overdueAlertId: v.overdue_alert_id,
        },
      ]),
    ),
  };
  await writeBatch(tx, { claims: firsts.filter((f) => f.claims), fresh, updated, applied, ctx, now });
  await letRequestsIn();

  answerLaterCopies(live);
  return outcomesOf(live, applied, ctx, outcomes);
}

type GatewayRead = BatchReads['gateways'][number];

/** Every button event of the posts, in arrival order (posts as queued, events as sent). */
function itemsOf(posts: readonly Post[]): Item[] {
  const items: Item[] = [];
  posts.forEach((p, post) => {
    for (const event of p.body.buttonEvents) {
      const nonce = String(event.nonce);
      items.push({
        post,
        event,
        orgId: p.key.orgId,
        gatewayId: p.body.gateway,
        gatewayZoneId: null,
        nonce,
        key: keyOf(p.key.orgId, event.tag, nonce),
      });
    }
  });
  return items;
}

/** One item per (org, tag, nonce), in key order: what readBatch looks up and locks. */
function namedInKeyOrder(items: readonly Item[]): Item[] {
  const byKey = new Map(items.map((i) => [i.key, i]));
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Posts from a gateway that is not their organisation's are refused whole: their indexes. */
function refuseUnknownGateways(
  posts: readonly Post[],
  gatewayById: Map<string, GatewayRead>,
  outcomes: (ButtonEventsOutcome | HttpError)[],
): Set<number> {
  const refused = new Set<number>();
  posts.forEach((post, p) => {
    const gateway = gatewayById.get(post.body.gateway);
    if (!gateway || gateway.org_id !== post.key.orgId) {
      outcomes[p] = unknownGateway();
      refused.add(p);
    }
  });
  return refused;
}

/**
 * Marks each later copy of a key with its first; answers the firsts in key order, a deterministic
 * lock order for their claims against other writers.
 */
function markFirsts(live: readonly Item[]): Item[] {
  const firstOf = new Map<string, Item>();
  for (const item of live) {
    const first = firstOf.get(item.key);
    if (first) item.first = first;
    else firstOf.set(item.key, item);
  }
  return [...firstOf.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Answers the firsts an earlier transaction stored (as they were first answered) and those of an
 * unknown tag; marks the others as this batch's claims and groups their presses by tag.
 */
function answerStoredAndGroupPresses(
  live: readonly Item[],
  reads: BatchReads,
  gatewayById: Map<string, GatewayRead>,
): Map<string, Item[]> {
  const tagById = new Map(reads.tags.map((t) => [t.id, t]));
  const openTags = new Set(reads.open.map((json) => json.tag_id as string));
  const storedByKey = new Map(reads.claims.map((c) => [keyOf(c.org_id, c.tag_id, c.nonce), c]));
  const pressesOf = new Map<string, Item[]>();
  for (const item of live) {
    item.gatewayZoneId = gatewayById.get(item.gatewayId)!.zone_id;
    const tag = tagById.get(item.event.tag);
    if (tag && tag.org_id === item.orgId) item.tag = { id: tag.id, zoneId: tag.zone_id };
    if (item.first) continue;
    const stored = storedByKey.get(item.key);
    if (stored) {
      // A retry of a button event an earlier transaction stored: answered as it was first.
      item.answer =
        stored.status === 'unknown_tag' || stored.status === 'tap'
          ? answer(item.event, stored.status)
          : answer(item.event, 'duplicate', stored.alert_id);
      continue;
    }
    item.claims = true;
    if (!item.tag) {
      item.answer = answer(item.event, 'unknown_tag');
      continue;
    }
    if (kioskTap(item, gatewayById, tag!, openTags.has(tag!.id) || pressesOf.has(tag!.id))) {
      item.answer = answer(item.event, 'tap');
      continue;
    }
    const list = pressesOf.get(item.tag.id);
    if (list) list.push(item);
    else pressesOf.set(item.tag.id, [item]);
  }
  return pressesOf;
}

/**
 * Issue 21: a tap at a distribution station's gateway of a tag in no one's hands is how the kiosk
 * identifies the tag, recorded with status 'tap' and no alert (the domain's narrow isKioskTap).
 */
function kioskTap(
  item: Item,
  gatewayById: Map<string, GatewayRead>,
  tag: BatchReads['tags'][number],
  alerting: boolean,
): boolean {
  const mode = gatewayById.get(item.gatewayId)!.scan_mode;
  if (mode === null) return false;
  const scanMode = parseTagScanMode(mode);
  const state = tag.config?.state;
  return isKioskTap({
    stationScanMode: scanMode.ok ? scanMode.value : null,
    tagState: typeof state === 'string' ? state : null,
    // An open alert, or a press earlier in this very batch that opens one: a press joins it.
    hasOpenAlert: alerting,
    events: item.event.events,
  });
}

/** SPEC §4: each press joins its tag's open alert, else opens one; a tag's presses in arrival order. */
function applyAllPresses(pressesOf: Map<string, Item[]>, reads: BatchReads, now: Date) {
  const openOf = new Map(reads.open.map((json) => [json.tag_id as string, json]));
  const visitOf = visitsDuring(reads, now);
  const applied = new Map<string, Applied>();
  const fresh: AlertRow[] = [];
  const updated: AlertRow[] = [];
  for (const [tagId, presses] of pressesOf) {
    const json = openOf.get(tagId);
    const a = applyPresses(json ? alertRowOf(json) : undefined, presses, now, visitOf.get(tagId));
    applied.set(tagId, a);
    (json ? updated : fresh).push(a.row);
  }
  return { applied, fresh, updated };
}

/** Issue 20: the visit each tag's owner is on now (isDuringVisit), by tag. */
function visitsDuring(reads: BatchReads, now: Date): Map<string, PressVisit> {
  const during = new Map<string, PressVisit>();
  for (const v of reads.visits) {
    if (!v.tag_id) continue;
    const times = {
      plannedStart: new Date(v.planned_start),
      plannedEnd: new Date(v.planned_end),
      checkedInAt: v.checked_in_at ? new Date(v.checked_in_at) : null,
      checkedOutAt: v.checked_out_at ? new Date(v.checked_out_at) : null,
      cancelledAt: v.cancelled_at ? new Date(v.cancelled_at) : null,
    };
    if (isDuringVisit(times, now)) during.set(v.tag_id, { id: v.id, homeZoneId: v.home_zone_id });
  }
  return during;
}

/** Later copies within the batch are answered from the first. */
function answerLaterCopies(live: readonly Item[]): void {
  for (const item of live) {
    if (!item.first) continue;
    const first = item.first.answer!;
    item.answer =
      first.status === 'unknown_tag'
        ? answer(item.event, 'unknown_tag')
        : answer(item.event, 'duplicate', first.alertId);
  }
}

/** Each post's answer; each alert to escalate is handed to one post (they all commit together). */
function outcomesOf(
  live: readonly Item[],
  applied: Map<string, Applied>,
  ctx: AlertContext,
  outcomes: (ButtonEventsOutcome | HttpError)[],
): (ButtonEventsOutcome | HttpError)[] {
  const touched = new Map<number, Touched[]>();
  for (const a of applied.values()) {
    if (!a.rearm) continue;
    const post = a.lastPost;
    const list = touched.get(post) ?? [];
    list.push({ row: a.row, ctx });
    touched.set(post, list);
  }
  const resultsOf = new Map<number, Result[]>();
  for (const item of live) {
    const list = resultsOf.get(item.post) ?? [];
    list.push(item.answer!);
    resultsOf.set(item.post, list);
  }
  for (const [p, results] of resultsOf) {
    const allUnknown = results.every((r) => r.status === 'unknown_tag');
    outcomes[p] = { status: allUnknown ? 202 : 200, results, touched: touched.get(p) ?? [] };
  }
  return outcomes;
}
