import { describe, expect, it } from 'vitest';
import { NOT_REUSABLE_REASON } from './chain-transitions';
import { classifyScan } from './scan-kind';
import { scanAnswerSchema, type InspectionDecision, type ScanFound } from './scan-step';
import { reduceReturnsScan, RETURNS_START } from './step-returns';
import { deviceAt, FACTORY_BOX } from './test-devices';

const KEY = '3d2c1b0a-9f8e-4d7c-a6b5-4a3b2c1d0e9f';
const T = 'TAG5 aabbccddee01';
const ID = 'aabbccddee01';

function returns(found: ScanFound, decision?: InspectionDecision, mayScrap = true, text = ID) {
  const request = { step: 'returns' as const, text, idempotencyKey: KEY, decision };
  const result = reduceReturnsScan({
    state: RETURNS_START,
    scan: classifyScan(text),
    request,
    found,
    ctx: { mayScrap },
  });
  expect(scanAnswerSchema.parse(result.answer)).toEqual(result.answer);
  return result;
}

describe('reduceReturnsScan (issue 22 /warehouse/returns; SPEC §4 tag reuse)', () => {
  it('takes back a device marked for return and asks for its inspection', () => {
    const result = returns({ device: deviceAt('to_return'), reusable: true });
    expect(result.answer.changed).toMatchObject({ outcome: 'changed', text: `${T} returned: inspect it` });
    expect(result.devices[0].after).toMatchObject({
      org: 'smpwarehouse',
      state: 'returned',
      customerOrgId: null,
    });
    expect(result.answer.next).toBe(`Inspect ${T}: reusable by the reuse rule. Choose Reusable or Scrap`);
    expect(result.state).toEqual({ returned: 1, inspected: 0 });
  });

  it.each([
    [true, `Inspect ${T}: reusable by the reuse rule. Choose Reusable or Scrap`],
    [false, `${T} is not reusable (${NOT_REUSABLE_REASON}): scrap it`],
    [null, `Inspect ${T}: choose Reusable or Scrap`],
  ])('asks for the inspection by the reuse rule (%s) when the device is back already', (reusable, next) => {
    const result = returns({ device: deviceAt('returned'), reusable });
    expect(result.answer.changed).toMatchObject({ outcome: 'nothing' });
    expect(result.answer.next).toBe(next);
  });

  it('takes back and inspects in one scan when a decision comes with it', () => {
    const result = returns(
      { device: deviceAt('to_return'), reusable: true },
      { verdict: 'reusable', notes: '' },
    );
    expect(result.answer.changed.text).toBe(`${T} returned: inspect it; ${T} is reusable: repack it`);
    expect(result.devices).toHaveLength(1);
    expect(result.devices[0].before?.state).toBe('ready_for_return');
    expect(result.devices[0].after).toMatchObject({ state: 'returned', inspection: { verdict: 'reusable' } });
    expect(result.state).toEqual({ returned: 1, inspected: 1 });
  });

  it('inspects a device that failed quality control', () => {
    const failed = deviceAt('returned', { qc: { result: 'fail', order: 12, notes: 'LED dead' } });
    const result = returns({ device: failed, reusable: true }, { verdict: 'scrapped', notes: 'LED dead' });
    expect(result.answer.changed).toMatchObject({ outcome: 'changed', text: `${T} scrapped` });
    expect(result.state).toEqual({ returned: 0, inspected: 1 });
  });

  it.each([
    [
      'a tag still deployed',
      { device: deviceAt('at_customer', { state: 'deployed' }) },
      undefined,
      true,
      'stillInUse',
    ],
    [
      'reusable against the reuse rule, even the return is not written',
      { device: deviceAt('to_return'), reusable: false },
      { verdict: 'reusable', notes: '' },
      true,
      'notReusable',
    ],
    [
      'a scrap by someone who may not (warehouseTempo)',
      { device: deviceAt('returned'), reusable: true },
      { verdict: 'scrapped', notes: 'dented' },
      false,
      'notAllowed',
    ],
    [
      'a scrap without notes',
      { device: deviceAt('returned'), reusable: true },
      { verdict: 'scrapped', notes: '' },
      true,
      'notesRequired',
    ],
    [
      'a scrapped device made reusable',
      { device: deviceAt('scrapped') },
      { verdict: 'reusable', notes: '' },
      true,
      'scrapped',
    ],
    ['a device in stock', { device: deviceAt('in_stock') }, undefined, true, 'wrongPlace'],
    ['an unknown device', { device: null }, undefined, true, 'noDevice'],
  ] as const)('refuses %s', (_case, found, decision, mayScrap, code) => {
    const result = returns(found, decision, mayScrap);
    expect(result.answer.changed).toMatchObject({ outcome: 'refused', code });
    expect(result.devices).toEqual([]);
    expect(result.state).toBe(RETURNS_START);
  });

  it.each([FACTORY_BOX, 'ORD-3'])('refuses a %s: returns are scanned device by device', (text) => {
    expect(returns({}, undefined, true, text).answer.changed).toMatchObject({
      outcome: 'refused',
      code: 'wrongKind',
    });
  });
});
