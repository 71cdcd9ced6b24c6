import type { Delivery } from '@vigil/domain';

/** A delivered e-mail of a help alert's creation to the Ward 3 desk, with only the fields a test cares about given. */
export function deliveryFixture(d: Partial<Delivery> & { id: string }): Delivery {
  return {
    recipient: 'Ward 3 desk (E-mail)',
    subscriptionId: 's-1',
    alertId: 'a-1',
    mode: 'help',
    moment: 'created',
    subject: 'Help: Jane Doe in Ward 3',
    channel: 'email',
    address: 'ward3@example.org',
    state: 'delivered',
    attempts: 1,
    lastError: null,
    createdAt: '2026-06-01T10:00:00.000Z',
    dueAt: '2026-06-01T10:00:00.000Z',
    deliveredAt: '2026-06-01T10:00:01.000Z',
    ...d,
  };
}
