import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { NearResponder, RawRule } from '@vigil/domain';
import { responderKeys } from '../../api/responders';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { NearestResponders } from './nearest-responders';

// Issue 20: an open alert's nearest responders on its card (walking distance on the zone tree).

const RULES: RawRule[] = [{ action: ['list', 'read', 'update'], subject: ['Alert', 'Tag'] }];
const NOW = new Date('2026-06-01T12:00:00Z');
const near = (rank: number, name: string, distanceLabel: string, seenAt: string | null): NearResponder => ({
  id: `c0ffee00000${rank}`,
  name,
  label: null,
  personId: null,
  location: null,
  position: null,
  seenAt,
  rank,
  distance: rank,
  distanceLabel,
});

describe('NearestResponders (issue 20)', () => {
  it('lists the nearest responders of the alert: name, how near, when last heard', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      asked.push(url.pathname);
      return {
        data: [
          near(1, 'Blake Chen', 'Same place', '2026-06-01T11:59:40Z'),
          near(2, 'Harper Kim', 'Same floor', '2026-06-01T11:57:00Z'),
        ],
      };
    });
    renderSignedIn(<NearestResponders alertId="alert-1" now={NOW} />, {
      rules: RULES,
      flags: { responderTools: true },
    });
    const section = await screen.findByRole('region', { name: 'Nearest responders' });
    const lines = within(section).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Blake Chen · Same place · seen 20 s ago',
      'Harper Kim · Same floor · seen 3 min ago',
    ]);
    expect(asked).toEqual(['/api/alerts/alert-1/responders']);
  });

  it('says when no responder has been heard nearby', async () => {
    stubFetch(() => ({ data: [] }));
    renderSignedIn(<NearestResponders alertId="alert-1" now={NOW} />, {
      rules: RULES,
      flags: { responderTools: true },
    });
    expect(await screen.findByText('No responder has been heard nearby.')).toBeInTheDocument();
  });

  it('gives the server’s reason when they cannot be found', async () => {
    stubFetch(() => json({ reason: 'Alert not found' }, 404));
    renderSignedIn(<NearestResponders alertId="alert-1" now={NOW} />, {
      rules: RULES,
      flags: { responderTools: true },
    });
    expect(await screen.findByText('Sorry, there was a problem: Alert not found')).toBeInTheDocument();
  });

  it.each([
    ['without the responderTools flag', RULES, {}],
    [
      'to a role that may not read Tag responders',
      [{ action: 'read', subject: 'Alert' }],
      { responderTools: true },
    ],
  ] as const)('shows nothing and asks nothing %s', async (_name, rules, flags) => {
    const fetch = stubFetch(() => ({ data: [] }));
    const { queryClient } = renderSignedIn(<NearestResponders alertId="alert-1" now={NOW} />, {
      rules: [...rules] as RawRule[],
      flags,
    });
    expect(screen.queryByText('Nearest responders')).toBeNull();
    // Its query is off: not fetching (an enabled one is fetching as soon as the component has mounted).
    expect(queryClient.getQueryState(responderKeys.nearest('alert-1'))?.fetchStatus).toBe('idle');
    expect(fetch).not.toHaveBeenCalled();
  });
});
