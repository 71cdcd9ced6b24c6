import { describe, expect, it } from 'vitest';
import {
  ORDER_REFUSALS,
  ORDER_STATES,
  isOrderActive,
  orderEditVerdict,
  orderReference,
  orderTransition,
  type OrderState,
} from './states';

// Issue 22 order states (SPEC §4 leaves other state machines to us): open → picking → qc →
// shipped, cancelled from any state before shipped; changed by the operations screen only while open.

describe('orderTransition (issue 22, SPEC §2.1 /operations/orders)', () => {
  const ok = { ok: true };
  it.each<[OrderState, OrderState, boolean]>([
    ['open', 'picking', true],
    ['picking', 'qc', true],
    ['qc', 'shipped', true],
    ['open', 'cancelled', true],
    ['picking', 'cancelled', true],
    ['qc', 'cancelled', true],
    ['shipped', 'cancelled', false],
    ['cancelled', 'cancelled', false],
    ['open', 'qc', false],
    ['open', 'shipped', false],
    ['picking', 'open', false],
    ['qc', 'picking', false],
    ['shipped', 'open', false],
    ['cancelled', 'open', false],
    ['open', 'open', false],
  ])('%s → %s allowed: %s', (from, to, allowed) => {
    const verdict = orderTransition(from, to);
    if (allowed) expect(verdict).toEqual(ok);
    else expect(verdict).toMatchObject({ ok: false, reason: expect.any(String) });
  });

  it('says why a shipped order cannot be cancelled', () => {
    expect(orderTransition('shipped', 'cancelled')).toEqual({
      ok: false,
      reason: ORDER_REFUSALS.cannotCancel,
    });
  });

  it('names both states when a step is refused', () => {
    expect(orderTransition('open', 'shipped')).toEqual({
      ok: false,
      reason: 'An order cannot go from open to shipped',
    });
  });
});

describe('orderEditVerdict (issue 22: lines, notes, recipient only while open)', () => {
  it.each(ORDER_STATES.map((state) => [state, state === 'open'] as const))(
    '%s editable: %s',
    (state, editable) => {
      expect(orderEditVerdict(state)).toEqual(
        editable ? { ok: true } : { ok: false, reason: ORDER_REFUSALS.notOpen },
      );
    },
  );
});

describe('isOrderActive', () => {
  it.each<[OrderState, boolean]>([
    ['open', true],
    ['picking', true],
    ['qc', true],
    ['shipped', false],
    ['cancelled', false],
  ])('%s → %s', (state, active) => {
    expect(isOrderActive(state)).toBe(active);
  });
});

describe('orderReference', () => {
  it.each([
    [1, 'ORD-1'],
    [1024, 'ORD-1024'],
  ])('%i → %s', (n, ref) => {
    expect(orderReference(n)).toBe(ref);
  });
});
