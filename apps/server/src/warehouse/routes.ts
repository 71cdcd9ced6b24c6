import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  inventoryAnswerSchema,
  inventoryDevicesAnswerSchema,
  inventoryDevicesQuerySchema,
  inventoryMinimumsSchema,
  orderStatus,
  scanAnswerSchema,
  scanRequestSchema,
  scanStepSchema,
  stepAnswerSchema,
  type OrderStepState,
  type ScanStep,
} from '@vigil/domain';
import { actorOf, callerOf } from '../platform/access';
import type { Db } from '../platform/db/client';
import type { Caller } from '../platform/caller';
import { loadLogisticsOrgs } from './devices';
import { lookUp } from './found';
import { listInventory } from './inventory';
import { listCountDevices } from './inventory-devices';
import { getMinimums, putMinimums } from './minimums';
import { checkScanAccess, lockStepState, scan } from './scan';
import { nextOf, type StoredOrderChoice } from './steps';

const errors = { 400: errorSchema, 403: errorSchema, 409: errorSchema };

/** GET /api/warehouse/steps/{step}: the caller's state of the step, what it expects, the chosen order. */
async function stepState(db: Db, caller: Caller, step: ScanStep) {
  checkScanAccess(caller, step);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const state = await lockStepState(tx, caller, step);
    if (step !== 'ship' && step !== 'qc') return { step, state, next: nextOf(step, state), order: null };
    const orgs = await loadLogisticsOrgs(tx);
    const request = { step, text: '', idempotencyKey: '' } as never;
    const choice: StoredOrderChoice = { order: (state as StoredOrderChoice).order ?? null };
    const { orderState } = await lookUp(
      tx,
      orgs,
      caller.org.id,
      request,
      { kind: 'unknown', id: null, reason: '' },
      choice,
    );
    const chosen: OrderStepState = orderState ?? { order: null, devices: [] };
    return { step, state, next: nextOf(step, chosen), order: orderStatus(chosen) };
  });
}

/**
 * Issue 22 (docs/WAREHOUSE.md "The scan call"): the factory's and the warehouse's kiosk steps. The
 * scan checks SPEC §6 per step itself (scanPermissions), so the route declares authentication only.
 */
export const warehouseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/warehouse/scan',
    {
      config: { auth: 'authenticated' },
      schema: { body: scanRequestSchema, response: { 200: scanAnswerSchema, ...errors } },
    },
    async (req) => scan(app.db, actorOf(req), req.body),
  );

  app.get(
    '/api/warehouse/steps/:step',
    {
      config: { auth: 'authenticated' },
      schema: { params: z.object({ step: scanStepSchema }), response: { 200: stepAnswerSchema, ...errors } },
    },
    async (req) => stepState(app.db, callerOf(req), req.params.step),
  );

  app.get(
    '/api/warehouse/inventory',
    {
      config: { permission: ['list', 'Inventory'] },
      schema: { response: { 200: inventoryAnswerSchema, 403: errorSchema } },
    },
    async () => listInventory(app.db),
  );

  app.get(
    '/api/warehouse/inventory/devices',
    {
      config: { permission: ['read', 'Inventory'] },
      schema: {
        querystring: inventoryDevicesQuerySchema,
        response: { 200: inventoryDevicesAnswerSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    async (req) => listCountDevices(app.db, req.query),
  );

  app.get(
    '/api/warehouse/inventory/minimums',
    {
      config: { permission: ['read', 'Inventory'] },
      schema: { response: { 200: inventoryMinimumsSchema, 403: errorSchema } },
    },
    async (req) => getMinimums(app.db, callerOf(req)),
  );

  app.put(
    '/api/warehouse/inventory/minimums',
    {
      config: { permission: ['update', 'Inventory'] },
      schema: {
        body: inventoryMinimumsSchema,
        response: { 200: inventoryMinimumsSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    async (req) => putMinimums(app.db, actorOf(req), req.body),
  );
};
