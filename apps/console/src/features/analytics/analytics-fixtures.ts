import { onTestFinished, vi } from 'vitest';
import type { IncidentsAnswer, RawRule, ResponseTimesAnswer } from '@vigil/domain';

// Answers of GET /api/analytics/* as the contract (packages/domain/src/analytics/contract.ts) shapes them.

/** A customer admin who may read Report analytics (SPEC §6). */
export const ANALYST: RawRule[] = [{ action: 'read', subject: 'Report', fields: ['analytics'] }];

export const ORG = { id: '0b6c3c2e-7a49-4f1e-9d0a-000000000001', name: 'Demo Hospital' };
export const WARD_3 = { id: '0b6c3c2e-7a49-4f1e-9d0a-000000000003', name: 'Ward 3' };
export const WARD_4 = { id: '0b6c3c2e-7a49-4f1e-9d0a-000000000004', name: 'Ward 4' };

export function incidentsAnswer(patch: Partial<IncidentsAnswer> = {}): IncidentsAnswer {
  return {
    zone: ORG,
    start: '2026-06-01T05:00:00.000Z',
    end: '2026-06-04T04:59:59.999Z',
    timeZone: 'America/Chicago',
    interval: 'day',
    total: 120,
    series: [
      { period: '2026-06-01', help: 30, danger: 5, test: 2 },
      { period: '2026-06-02', help: 50, danger: 12, test: 0 },
      { period: '2026-06-03', help: 20, danger: 3, test: 1 },
    ],
    byMode: [
      { value: 'help', count: 100 },
      { value: 'danger', count: 20 },
    ],
    byLocation: [
      { zone: WARD_3, count: 90 },
      { zone: WARD_4, count: 25 },
      { zone: ORG, count: 5 },
    ],
    byDetail: {
      category: [
        { value: 'verbal', count: 4 },
        { value: 'self_harm', count: 12 },
      ],
      source: [{ value: 'patient', count: 16 }],
      injury: [
        { value: 'yes', count: 3 },
        { value: 'no', count: 13 },
      ],
      target: [],
    },
    ...patch,
  };
}

const histogram = [
  { fromS: 0, upToS: 10, count: 0 },
  { fromS: 10, upToS: 30, count: 40 },
  { fromS: 30, upToS: 60, count: 50 },
  { fromS: 60, upToS: 300, count: 8 },
  { fromS: 300, upToS: 86_400, count: 2 },
  { fromS: 86_400, upToS: null, count: 0 },
];

export function responseTimesAnswer(patch: Partial<ResponseTimesAnswer> = {}): ResponseTimesAnswer {
  return {
    zone: ORG,
    start: '2026-06-01T05:00:00.000Z',
    end: '2026-06-15T04:59:59.999Z',
    timeZone: 'America/Chicago',
    acknowledge: { count: 100, p50: 42, p90: 185, histogram },
    close: {
      count: 98,
      p50: 330,
      p90: 7800,
      histogram: histogram.map((b) => ({ ...b, count: b.fromS >= 60 ? 49 : 0 })),
    },
    weekly: [
      {
        week: '2026-06-01',
        count: 60,
        acknowledgeP50: 40,
        acknowledgeP90: 170,
        closeP50: 320,
        closeP90: 900,
      },
      {
        week: '2026-06-08',
        count: 40,
        acknowledgeP50: 45,
        acknowledgeP90: 200,
        closeP50: 340,
        closeP90: 7800,
      },
    ],
    byLocation: [
      { zone: WARD_4, count: 30, acknowledgeP50: 50, acknowledgeP90: 240, closeP50: 400, closeP90: 900 },
      { zone: WARD_3, count: 70, acknowledgeP50: 38, acknowledgeP90: 150, closeP50: 300, closeP90: 700 },
    ],
    slowest: [
      {
        id: 'al-slow-1',
        tag: 'c0ffee000002',
        mode: 'danger',
        location: 'Ward 3 › Room 12',
        createdAt: '2026-06-09T14:03:00.000Z',
        acknowledgeS: 3700,
        closeS: 4000,
      },
      {
        id: 'al-slow-2',
        tag: 'c0ffee000007',
        mode: 'help',
        location: null,
        createdAt: '2026-06-02T08:00:00.000Z',
        acknowledgeS: 905,
        closeS: null,
      },
    ],
    ...patch,
  };
}

/**
 * jsdom lays nothing out, so recharts' ResponsiveContainer measures 0 × 0, draws nothing and warns:
 * its container measures 600 × 300 here, so the charts really render (their figures are still
 * checked through the tables and the images' names, not the SVG).
 */
export function layOutCharts() {
  const measure = HTMLElement.prototype.getBoundingClientRect;
  const spy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.classList.contains('recharts-responsive-container')
      ? DOMRect.fromRect({ width: 600, height: 300 })
      : measure.call(this);
  });
  onTestFinished(() => spy.mockRestore());
}
