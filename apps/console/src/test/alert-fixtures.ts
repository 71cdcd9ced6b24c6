import type { Alert, Me } from '@vigil/domain';

const WARD_3 = {
  id: 'ward-3',
  name: 'Ward 3',
  path: [
    { id: 'site-main', name: 'Main site', level: 'site' as const },
    { id: 'bldg-a', name: 'Building A', level: 'building' as const },
    { id: 'ward-3', name: 'Ward 3', level: 'area' as const },
  ],
};

/** An open help alert from Jane Doe's tag in Ward 3, with only the fields a test cares about given. */
export function alertFixture(alert: Partial<Alert> & { id: string }): Alert {
  const createdAt = alert.createdAt ?? new Date(Date.now() - 120_000).toISOString();
  return {
    state: 'notified',
    mode: 'help',
    dangerReason: null,
    location: WARD_3,
    tag: { id: 'a1b2c3d4e5f6', label: null, owner: { name: 'Jane Doe', personId: 'p-1' } },
    remote: null,
    gateway: 'aabbccddeeff',
    pressCount: 1,
    createdAt,
    updatedAt: createdAt,
    lastPressAt: createdAt,
    acknowledged: false,
    acknowledgedAt: null,
    acknowledgedBy: null,
    escalatedAt: null,
    closedAt: null,
    closedBy: null,
    reasonCode: null,
    reasonText: null,
    reasonDetails: null,
    ...alert,
  };
}

/** A signed-in responder of the Demo Hospital, with the zone's feature flags given. */
export function meFixture(flags: Record<string, boolean> = {}): Me {
  return {
    id: 'u-sam',
    name: 'Sam Responder',
    role: 'security',
    kind: 'user',
    zone: {
      id: 'org-1',
      name: 'Demo Hospital',
      level: 'org',
      slug: 'demo',
      domain: null,
      config: { featureFlags: flags },
      peers: [],
    },
    // The organisation counts its days where the test runs (issue 18: report ranges are the
    // organisation's days), so a screen's test reads the same days as the browser; a test of
    // another zone gives `me` its own.
    org: {
      id: 'org-1',
      name: 'Demo Hospital',
      slug: 'demo',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
    location: [],
    state: { closedNotes: {} },
    canOverrideRole: false,
  };
}
