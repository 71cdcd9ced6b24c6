import { describe, expect, it } from 'vitest';
import type { GatewayMetrics } from '@vigil/domain';
import { diagnosticsLabel, diagnosticsLabels, percentText } from './diagnostics-labels';
import { NOW, rowsOf } from './test-rows';

const metric = (percent: number | null) => ({ percent, total: percent === null ? 0 : 24, count: 0 });
const metricsOf = (gateway: string, button: number | null, coverage: number | null, floor: number | null) =>
  ({ gateway, button: metric(button), coverage: metric(coverage), floor: metric(floor) }) as GatewayMetrics;

describe('diagnostics percentages (SPEC §2.7 diagnostics toggle, §9 thresholds)', () => {
  it.each([
    [100, '100%'],
    [96.66, '96.7%'],
    [0, '0%'],
    [null, '—'],
    [undefined, '—'],
    [Number.NaN, '—'],
  ])('%s → %s', (value, text) => {
    expect(percentText(value)).toBe(text);
  });

  it.each([
    [{ button: 90, coverage: 90, floor: 51 }, 'B 90% · C 90% · F 51%', 'pass'],
    [{ button: 89, coverage: 90, floor: 51 }, 'B 89% · C 90% · F 51%', 'fail'],
    [{ button: 100, coverage: 97, floor: 50 }, 'B 100% · C 97% · F 50%', 'fail'],
    [{ button: 100, coverage: null, floor: 74 }, 'B 100% · C — · F 74%', 'fail'],
  ] as const)('%j → %s (%s)', (percents, text, verdict) => {
    const [row] = rowsOf([{ id: 'b0a710000001' }]);
    const label = diagnosticsLabel(row!, percents);
    expect(label).toMatchObject({ id: 'b0a710000001', text, verdict });
    expect(label.lngLat).toEqual(row!.marker.lngLat);
  });

  it('says each check in words with whether it passes, for assistive technology', () => {
    const [row] = rowsOf([{ id: 'b0a710000001' }]);
    expect(diagnosticsLabel(row!, { button: 100, coverage: 89, floor: 51 }).description).toBe(
      'b0a710000001 diagnostics: button 100% (passes), coverage 89% (fails), floor 51% (passes)',
    );
  });

  it('a gateway that reported none says so', () => {
    const [row] = rowsOf([{ id: 'b0a710000002' }]);
    expect(diagnosticsLabel(row!, null)).toMatchObject({ text: 'No diagnostics', verdict: 'none' });
    expect(diagnosticsLabel(row!, { button: null })).toMatchObject({ verdict: 'none' });
  });
});

describe('which readings are shown', () => {
  const rows = rowsOf([
    { id: 'b0a710000001', state: { diagnostics: { button: 50, coverage: 50, floor: 50 } } },
    { id: 'b0a710000002', state: { diagnostics: { button: 95, coverage: 92, floor: 60 } } },
    { id: 'b0a710000003' },
  ]);

  it('the 24-hour metrics when the server has readings, else the last reported, else none', () => {
    const labels = diagnosticsLabels(
      rows,
      [metricsOf('b0a710000001', 100, 97, 74), metricsOf('b0a710000002', null, null, null)],
      NOW,
    );
    expect(labels.map((l) => [l.id, l.text])).toEqual([
      ['b0a710000001', 'B 100% · C 97% · F 74%'],
      ['b0a710000002', 'B 95% · C 92% · F 60%'],
      ['b0a710000003', 'No diagnostics'],
    ]);
  });

  it('while the metrics load, the last reported', () => {
    expect(diagnosticsLabels(rows, undefined, NOW)[0]!.text).toBe('B 50% · C 50% · F 50%');
  });
});
