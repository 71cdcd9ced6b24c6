import { describe, expect, it } from 'vitest';
import { abilityFor } from '../permissions/model';
import { ROLE_ABILITIES } from '../permissions/roles';
import { transition } from './chain-transitions';
import { classifyScan } from './scan-kind';
import {
  changedAnswer,
  collectResults,
  refusedAnswer,
  repeatAnswer,
  scanPermissions,
  scanRequestSchema,
  wrongKindAnswer,
} from './scan-step';
import { deviceAt, devicesAt } from './test-devices';

const KEY = 'c5b4a392-8170-4f6e-9d5c-4b3a29180f7e';

describe('scanRequestSchema (issue 22: a scan carries its step, text and idempotency key)', () => {
  it.each([
    [{ step: 'register', text: 'aabbccddeeff', idempotencyKey: KEY, sku: 'GW2', firmwareKey: 'GW2_ff' }],
    [{ step: 'register', text: 'aabbccddeeff', idempotencyKey: KEY, sku: 'TAG5' }],
    [{ step: 'pack', text: 'aabbccddeeff', idempotencyKey: KEY }],
    [{ step: 'receive', text: 'TAG5-20240115-1', idempotencyKey: KEY }],
    [{ step: 'ship', text: 'ORD-12', idempotencyKey: KEY, order: 12 }],
    [{ step: 'ship', text: 'TAG5-20240115-1', idempotencyKey: KEY, order: 12, remove: true }],
    [
      {
        step: 'qc',
        text: 'aabbccddeeff',
        idempotencyKey: KEY,
        order: 12,
        decision: { result: 'fail', notes: 'no LED' },
      },
    ],
    [{ step: 'returns', text: 'aabbccddeeff', idempotencyKey: KEY, decision: { verdict: 'reusable' } }],
    [{ step: 'repack', text: '', idempotencyKey: KEY }],
  ])('accepts %j', (body) => {
    expect(scanRequestSchema.safeParse(body).success).toBe(true);
  });

  it('fills the defaults', () => {
    expect(
      scanRequestSchema.parse({ step: 'register', text: 'x', idempotencyKey: KEY, sku: 'TAG5' }),
    ).toMatchObject({
      firmwareKey: null,
    });
    expect(scanRequestSchema.parse({ step: 'ship', text: 'x', idempotencyKey: KEY })).toMatchObject({
      remove: false,
    });
    expect(
      scanRequestSchema.parse({ step: 'qc', text: 'x', idempotencyKey: KEY, decision: { result: 'pass' } }),
    ).toMatchObject({ decision: { result: 'pass', notes: '' } });
  });

  it.each([
    ['no idempotency key', { step: 'receive', text: 'x' }],
    ['a key that is not a uuid', { step: 'receive', text: 'x', idempotencyKey: 'scan-1' }],
    ['an unknown step', { step: 'inventory', text: 'x', idempotencyKey: KEY }],
    ['register without SKU', { step: 'register', text: 'x', idempotencyKey: KEY }],
    ['a SKU of no SPEC §3 code', { step: 'register', text: 'x', idempotencyKey: KEY, sku: 'TAG9' }],
    [
      'a firmware key of no SPEC §9 key',
      { step: 'register', text: 'x', idempotencyKey: KEY, sku: 'GW2', firmwareKey: 'GW9' },
    ],
    ['a field the step does not take', { step: 'receive', text: 'x', idempotencyKey: KEY, order: 12 }],
    ['order 0', { step: 'ship', text: 'x', idempotencyKey: KEY, order: 0 }],
    ['a text over 512 characters', { step: 'receive', text: 'x'.repeat(513), idempotencyKey: KEY }],
    [
      'notes over 500 characters',
      { step: 'qc', text: 'x', idempotencyKey: KEY, decision: { result: 'fail', notes: 'n'.repeat(501) } },
    ],
    [
      'an unknown verdict',
      { step: 'returns', text: 'x', idempotencyKey: KEY, decision: { verdict: 'maybe' } },
    ],
  ])('refuses %s', (_case, body) => {
    expect(scanRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('repeatAnswer (issue 22: a double scan or a retry never counts twice)', () => {
  const scan = classifyScan('TAG5-20240115-1');
  it('answers a repeat of a change with nothing, already done', () => {
    const stored = changedAnswer({
      step: 'receive',
      scan,
      next: 'Scan the next box',
      text: 'Box received',
      devices: ['aabbccddeeff'],
    });
    expect(repeatAnswer(stored)).toEqual({
      ...stored,
      changed: { outcome: 'nothing', text: 'Nothing: already done (Box received)', devices: [] },
      repeat: true,
    });
  });

  it('answers a repeat of a refusal with the same refusal', () => {
    const stored = refusedAnswer({
      step: 'receive',
      scan,
      next: 'Scan the next box',
      reason: 'Box unknown',
      code: 'unknownBox',
    });
    expect(repeatAnswer(stored)).toEqual({ ...stored, repeat: true });
  });
});

describe('wrongKindAnswer (issue 22: any barcode is accepted at any step and named)', () => {
  it.each([
    [
      'ORD-3',
      'qc',
      'Order ORD-3: quality control takes an order label, then devices of that order',
      'wrongKind',
    ],
    [
      'TAG5-20240115-1',
      'returns',
      'Box TAG5-20240115-1: returns take devices sent back, one by one',
      'wrongKind',
    ],
    ['aabbccddeeff', 'register', 'Device aabbccddeeff: registering takes a device id', 'wrongKind'],
    ['???', 'receive', 'Not a box label, a device id or an order label', 'unknown'],
  ] as const)('%s at %s', (text, step, reason, code) => {
    const answer = wrongKindAnswer({ step, scan: classifyScan(text), next: '' });
    expect(answer.changed).toEqual({ outcome: 'refused', text: reason, code, devices: [] });
  });
});

describe('collectResults (issue 22: a box is all or nothing)', () => {
  it('keeps the writes of the devices that changed and the first already', () => {
    const [a, b] = devicesAt(2, 'packed');
    const done = deviceAt('in_stock', { id: 'aa0000000009' });
    const results = [a, done, b].map((before) => ({
      before,
      result: transition(before, { type: 'receive' }),
    }));
    const collected = collectResults(results);
    expect(collected.refused).toBeNull();
    expect(collected.already?.text).toBe('TAG5 aa0000000009 is already received');
    expect(collected.writes.map((w) => [w.before?.id, w.after.org])).toEqual([
      [a.id, 'smpwarehouse'],
      [b.id, 'smpwarehouse'],
    ]);
  });

  it('names the first refusal', () => {
    const results = [deviceAt('packed'), deviceAt('at_customer'), deviceAt('lost')].map((before) => ({
      before,
      result: transition(before, { type: 'receive' }),
    }));
    expect(collectResults(results).refused?.reason).toBe(
      'TAG5 aabbccddee01 is at a customer: receiving takes devices packed at the factory',
    );
  });
});

describe('scanPermissions (SPEC §6 roles factory, warehouse, warehouseTempo, warehouseAutomation)', () => {
  const all = ['register', 'pack', 'receive', 'ship', 'qc', 'returns', 'repack'];
  it.each([
    ['factory', ['register', 'pack', 'receive', 'returns', 'repack'], false, false],
    ['warehouse', all, true, true],
    ['warehouseTempo', all, false, false],
    ['warehouseAutomation', all, false, false],
    ['superAdmin', all, true, true],
    ['admin', [], false, false],
    ['distribution', [], false, false],
  ] as const)('%s scans at %j, ships %s, scraps %s', (role, steps, mayShip, mayScrap) => {
    expect(scanPermissions(abilityFor(ROLE_ABILITIES[role]))).toEqual({ steps, mayShip, mayScrap });
  });
});
