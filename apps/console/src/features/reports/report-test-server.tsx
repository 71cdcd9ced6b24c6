import { useLocation } from 'react-router';
import { afterEach, beforeEach, onTestFinished, vi } from 'vitest';
import type { RawRule, ReportGatewayRow, ReportSummary, ReportTagRow, ReportType } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { stubLayout } from '../../test/layout-stub';
import { zoneFixture } from '../../test/zone-fixtures';

// Test helpers of the report screens: a stubbed reports API (GET /api/reports/{type}, its export,
// and GET /api/zones/{id} for the zone picker's name), fixtures, and a fixed clock.

/** Wednesday 10 June 2026, 9:00 local: the default range is 9 June to 10 June. */
export const NOW = new Date(2026, 5, 10, 9, 0);

/** Fakes only Date (Mantine's timers still run) and gives popovers a layout, for every test of the file. */
export function withReportClock() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    stubLayout();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

export const ORG = { id: 'org-1', name: 'Demo Hospital' };
export const BUILDING_A = { id: '0b1e9a52-1111-4c3e-9d1a-aaaaaaaaaaaa', name: 'Building A' };
export const BUILDING_B = { id: '0b1e9a52-2222-4c3e-9d1a-bbbbbbbbbbbb', name: 'Building B' };

/** read Report with these fields (SPEC §6). */
export const reportRules = (...fields: string[]): RawRule[] => [
  { action: 'read', subject: 'Report', ...(fields.length ? { fields } : {}) } as RawRule,
];

export function summaryFixture(type: ReportType, s: Partial<ReportSummary> = {}): ReportSummary {
  return {
    type,
    zone: ORG,
    start: '2026-06-09T00:00:00.000Z',
    end: '2026-06-10T23:59:59.999Z',
    total: 0,
    counts: [],
    ...s,
  };
}

export function tagRow(row: Partial<ReportTagRow> & { id: string }): ReportTagRow {
  return {
    label: null,
    owner: null,
    location: null,
    zoneId: null,
    lastSeen: null,
    batteryMv: null,
    reason: null,
    urgency: null,
    flaggedAt: null,
    timeline: null,
    ...row,
  };
}

export function gatewayRow(row: Partial<ReportGatewayRow> & { id: string }): ReportGatewayRow {
  return {
    name: null,
    sku: null,
    location: null,
    zoneId: null,
    status: 'disconnected',
    lastUpdate: null,
    metrics: { heartbeats: 0, button: null, coverage: null, floor: null },
    ...row,
  };
}

type Answer = { status?: number; body: unknown };
export type ReportServer = {
  /** The summary or details to answer (a function gets the request's query). */
  summary?: ReportSummary | ((q: URLSearchParams) => ReportSummary | Answer);
  details?: (ReportTagRow | ReportGatewayRow)[] | ((q: URLSearchParams) => Answer);
  /** The export's CSV text, or a refusal. */
  csv?: string | Answer;
};

/**
 * Stubs the reports API of one report type; answers a summary or a page of details by `view`,
 * the zone picker's zone names, and the export. Returns every request seen, in order.
 */
export function serveReport(type: ReportType, server: ReportServer) {
  const requests: URL[] = [];
  const fetch = stubFetch((url) => {
    requests.push(url);
    const zone = url.pathname.match(/^\/api\/zones\/(.+)$/)?.[1];
    if (zone) {
      const known = [ORG, BUILDING_A, BUILDING_B].find((z) => z.id === decodeURIComponent(zone));
      return known ? zoneFixture({ ...known, level: 'building' }) : json({ reason: 'Zone not found' }, 404);
    }
    if (url.pathname === `/api/reports/${type}/export`) {
      const csv = server.csv ?? 'Tag\r\n';
      if (typeof csv !== 'string') return json(csv.body, csv.status ?? 200);
      return new Response(csv, { status: 200, headers: { 'content-type': 'text/csv' } });
    }
    if (url.pathname !== `/api/reports/${type}`) return json({ reason: 'Not found' }, 404);
    const q = url.searchParams;
    const answer = (a: ReportSummary | Answer) =>
      'body' in a ? json(a.body, a.status ?? 200) : (a as unknown);
    if (q.get('view') === 'details') {
      const details = server.details ?? [];
      if (typeof details === 'function') return answer(details(q));
      const offset = Number(q.get('offset') ?? 0);
      const limit = Number(q.get('limit') ?? 500);
      return { type, zone: ORG, total: details.length, data: details.slice(offset, offset + limit) };
    }
    const summary = server.summary ?? summaryFixture(type);
    return answer(typeof summary === 'function' ? summary(q) : summary);
  });
  /** The report requests (not zones, not the export), newest last. */
  const reportRequests = () => requests.filter((u) => u.pathname === `/api/reports/${type}`);
  return { fetch, requests, reportRequests };
}

/** The query of a link or path ('/x?a=1' → URLSearchParams a=1). */
export const queryOf = (href: string | null) => new URL(href ?? '', 'http://localhost').searchParams;

/** Shows the router's current path and query, for tests that check where a change led. */
export function CurrentUrl() {
  const { pathname, search } = useLocation();
  return <output aria-label="Current URL">{pathname + search}</output>;
}

/** Catches the files the screen offers (a Blob link clicked), for one test. */
export function catchDownloads(): { blob: Blob; filename: string }[] {
  const saved: { blob: Blob; filename: string }[] = [];
  let blob: Blob | undefined;
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = vi.fn((b: Blob) => {
    blob = b;
    return 'blob:report';
  });
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (blob) saved.push({ blob, filename: this.download });
  });
  onTestFinished(() => {
    click.mockRestore();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });
  return saved;
}

/** jsdom's Blob has no text(): read it the old way. */
export function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}
