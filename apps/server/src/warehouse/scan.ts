import { and, eq } from 'drizzle-orm';
import {
  classifyScan,
  orderReference,
  orderTransition,
  repeatAnswer,
  SCAN_STEP_ORG,
  scanAnswerSchema,
  scanPermissions,
  type OrderState,
  type ScanAnswer,
  type ScanRequest,
  type ScanStep,
  type StepResult,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { Actor, Caller } from '../platform/caller';
import { orders } from '../db/schema';
import { writeAudits, type AuditEntry } from '../platform/audit';
import { conflict, forbidden } from '../platform/errors';
import { applyDeviceWrites, loadLogisticsOrgs } from './devices';
import { lookUp, nextBoxNumber, type OrderRow } from './found';
import { runReducer, STEP_START, storedState, type StepContext } from './steps';
import { warehouseScans, warehouseStepStates } from './tables';

// Issue 22 POST /api/warehouse/scan: one scan, one transaction (docs/WAREHOUSE.md "What the server
// does per scan"). The domain's reducers decide; this applies their writes, all or nothing.

/** SPEC §6: the caller may scan at this step, in the step's organisation (403 otherwise). */
export function checkScanAccess(caller: Caller, step: ScanStep): ReturnType<typeof scanPermissions> {
  const permissions = scanPermissions(caller.ability);
  if (!permissions.steps.includes(step)) throw forbidden(`Not allowed to scan at ${step}`);
  const org = SCAN_STEP_ORG[step];
  if (caller.org.slug !== org) throw forbidden(`This step is done in the ${org} organisation`);
  return permissions;
}

/** The server's local date as a label prints it (YYYYMMDD). */
function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
}

/** The caller's state of a step, created at its start when new, locked for the scan. */
export async function lockStepState(db: Db, caller: Caller, step: ScanStep) {
  await db
    .insert(warehouseStepStates)
    .values({ owner: caller.id, step, orgId: caller.org.id, state: STEP_START[step] })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(warehouseStepStates)
    .where(and(eq(warehouseStepStates.owner, caller.id), eq(warehouseStepStates.step, step)))
    .for('update');
  return row!.state;
}

/** POST /api/warehouse/scan. */
export async function scan(db: Db, actor: Actor, request: ScanRequest): Promise<ScanAnswer> {
  const { caller } = actor;
  const permissions = checkScanAccess(caller, request.step);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [inserted] = await tx
      .insert(warehouseScans)
      .values({
        key: request.idempotencyKey,
        orgId: caller.org.id,
        owner: caller.id,
        step: request.step,
        text: request.text,
      })
      .onConflictDoNothing()
      .returning({ key: warehouseScans.key });
    if (!inserted) return repeated(tx, caller, request.idempotencyKey);

    const stored = await lockStepState(tx, caller, request.step);
    const classified = classifyScan(request.text);
    const orgs = await loadLogisticsOrgs(tx);
    const looked = await lookUp(tx, orgs, caller.org.id, request, classified, stored);
    const ctx: StepContext = {
      mayShip: permissions.mayShip,
      mayScrap: permissions.mayScrap,
      today: today(),
      nextBoxNumber: 1,
    };
    const device = looked.found.device;
    if ((request.step === 'pack' || request.step === 'repack') && device?.sku) {
      ctx.nextBoxNumber = await nextBoxNumber(tx, device.sku, ctx.today, request.step === 'repack');
    }
    const result = runReducer(request, classified, looked.orderState ?? stored, looked.found, ctx);

    const audits = await applyDeviceWrites(tx, result.devices, looked.rows, orgs, request.step);
    audits.push(...(await moveOrder(tx, result, looked.orderRows)));
    await writeAudits(tx, actor, audits);
    await tx
      .update(warehouseStepStates)
      .set({ state: storedState(request.step, result.state), updatedAt: new Date() })
      .where(and(eq(warehouseStepStates.owner, caller.id), eq(warehouseStepStates.step, request.step)));
    const answer = scanAnswerSchema.parse(result.answer);
    await tx
      .update(warehouseScans)
      .set({ answer: answer as unknown as Record<string, unknown> })
      .where(eq(warehouseScans.key, request.idempotencyKey));
    return answer;
  });
}

/** A key seen before: the stored answer, as a repeat (the first call's transaction has committed). */
async function repeated(db: Db, caller: Caller, key: string): Promise<ScanAnswer> {
  const [row] = await db.select().from(warehouseScans).where(eq(warehouseScans.key, key)).limit(1);
  if (!row || row.owner !== caller.id || !row.answer)
    throw conflict('This idempotency key belongs to another scan', 'idempotency_key');
  return repeatAnswer(scanAnswerSchema.parse(row.answer));
}

/** The order's transitions, one orderTransition at a time (orders/states.ts), with an audit entry. */
async function moveOrder(
  db: Db,
  result: StepResult<unknown>,
  rows: Map<number, OrderRow>,
): Promise<AuditEntry[]> {
  if (!result.order || result.order.states.length === 0) return [];
  const row = rows.get(result.order.number);
  if (!row) throw new Error(`Order ${result.order.number} was not locked`);
  let state = row.state as OrderState;
  for (const next of result.order.states) {
    const verdict = orderTransition(state, next);
    if (!verdict.ok) throw conflict(`${orderReference(row.number)}: ${verdict.reason}`, 'order_state');
    state = next;
  }
  const now = new Date();
  await db
    .update(orders)
    .set({ state, updatedAt: now, ...(state === 'shipped' ? { shippedAt: now } : {}) })
    .where(eq(orders.id, row.id));
  return [
    {
      entity: 'order',
      entityId: row.id,
      action: state === 'shipped' ? 'ship' : 'update',
      before: { number: row.number, state: row.state },
      after: { number: row.number, state, states: result.order.states },
      orgId: row.orgId,
    },
  ];
}
