import { describe, expect, it } from 'vitest';
import { gatewayFixture } from '../../../test/gateway-fixtures';
import { macHint, macSuggestions } from './mac-suggestions';
import {
  areaOf,
  areaOptions,
  assignProblem,
  cameraFormDirty,
  cameraUpdate,
  markerFormDirty,
  markerFormValues,
  markerUpdateBody,
  streamFormValues,
  streamSave,
} from './marker-form';
import { AREA, markerFixture } from './marker-fixtures';

describe('macSuggestions (SPEC §5, §9)', () => {
  const answered = [
    gatewayFixture({ id: 'b0a710000003', config: { state: 'ready_to_deploy' } }),
    gatewayFixture({
      id: 'b0a710000005',
      config: { state: 'ready_to_deploy', coordinates: { lat: 1, lng: 2 } },
    }),
    // Found by its notes, not its MAC: no suggestion.
    gatewayFixture({ id: 'cafe00000001', config: { state: 'ready_to_deploy', notes: 'near b0a7 riser' } }),
  ];

  it('suggests nothing before 4 characters, or for what is no MAC', () => {
    expect(macSuggestions('b0a', answered)).toEqual([]);
    expect(macSuggestions('b0:a', answered)).toEqual([]);
    expect(macSuggestions('room', answered)).toEqual([]);
  });

  it('matches the typed characters anywhere in the MAC, separators ignored, case ignored', () => {
    expect(macSuggestions('B0:A7', answered)).toEqual([
      { value: 'b0a710000003', placed: false },
      { value: 'b0a710000005', placed: true },
    ]);
    expect(macSuggestions('0003', answered)).toEqual([{ value: 'b0a710000003', placed: false }]);
  });

  it('truncates what was typed to 12 hex characters and shows at most 20', () => {
    expect(macSuggestions('b0-a7-10-00-00-03-ff', answered)).toEqual([
      { value: 'b0a710000003', placed: false },
    ]);
    const many = Array.from({ length: 25 }, (_, i) =>
      gatewayFixture({ id: `b0a7100000${String(i).padStart(2, '0')}` }),
    );
    expect(macSuggestions('b0a7', many)).toHaveLength(20);
  });

  it('says why nothing is suggested yet', () => {
    expect(macHint('')).toMatch(/at least 4 characters/);
    expect(macHint('b0a')).toMatch(/Keep typing/);
    expect(macHint('zz')).toMatch(/hex digits/);
    expect(macHint('b0a7')).toMatch(/Choose a suggestion/);
  });
});

describe('the marker form', () => {
  const marker = markerFixture({ config: { labels: ['guard'], notes: 'by the door' } });

  it('starts from the marker and is dirty only when it differs', () => {
    const values = markerFormValues(marker);
    expect(values).toEqual({ labels: ['guard'], notes: 'by the door' });
    expect(markerFormDirty(marker, values)).toBe(false);
    expect(markerFormDirty(marker, { ...values, labels: ['guard', 'stool'] })).toBe(true);
    expect(markerFormDirty(marker, { ...values, notes: '' })).toBe(true);
  });

  it('saves labels and notes, an empty note as none', () => {
    expect(markerUpdateBody({ labels: ['stool'], notes: '  ' })).toEqual({ labels: ['stool'], notes: null });
    expect(markerUpdateBody({ labels: [], notes: 'high shelf' })).toEqual({
      labels: [],
      notes: 'high shelf',
    });
  });
});

describe('the camera form (SPEC §5 Camera edit)', () => {
  const camera = markerFixture({ config: { camera: { id: null, name: null } } });

  it.each([
    [{ id: '', name: '' }, 'id', 'Must specify id'],
    [{ id: '  ', name: 'Lobby' }, 'id', 'Must specify id'],
    [{ id: 'cam-1', name: ' ' }, 'name', 'Must specify name'],
  ])('refuses %j: %s', (values, field, reason) => {
    expect(cameraUpdate(values)).toEqual({ ok: false, field, reason });
  });

  it('saves a trimmed id and name', () => {
    expect(cameraUpdate({ id: ' cam-1 ', name: 'Lobby door ' })).toEqual({
      ok: true,
      body: { camera: { id: 'cam-1', name: 'Lobby door' } },
    });
    expect(cameraFormDirty(camera, { id: '', name: '' })).toBe(false);
    expect(cameraFormDirty(camera, { id: 'cam-1', name: '' })).toBe(true);
  });
});

describe('assigning a gateway (SPEC §5)', () => {
  const areas = [
    { id: AREA, name: 'ED Room 101', unit: 'Emergency Department' },
    { id: 'a2', name: 'Gift Shop', unit: 'Lobby' },
    { id: 'a3', name: 'Loading dock', unit: null },
  ];

  it('needs an area first, then a MAC in any written form', () => {
    expect(assignProblem(null, 'b0a710000003')).toEqual({ field: 'area', reason: 'Must specify area' });
    expect(assignProblem(AREA, '')).toEqual({ field: 'mac', reason: 'Enter the gateway’s MAC' });
    expect(assignProblem(AREA, 'b0a7')?.field).toBe('mac');
    expect(assignProblem(AREA, 'B0:A7:10:00:00:03')).toBeNull();
  });

  it('takes the marker’s area when it is one of the floor’s, and groups the areas by unit', () => {
    expect(areaOf(markerFixture({ config: { location: AREA } }), areas)).toBe(AREA);
    expect(areaOf(markerFixture(), areas)).toBeNull();
    expect(areaOptions(areas)).toEqual([
      { group: 'Emergency Department', items: [{ value: AREA, label: 'ED Room 101' }] },
      { group: 'Lobby', items: [{ value: 'a2', label: 'Gift Shop' }] },
      { group: 'On the floor', items: [{ value: 'a3', label: 'Loading dock' }] },
    ]);
  });
});

describe('streamSave: a camera’s stream source (issue 16), the password write-only', () => {
  const stored = {
    markerId: 'm-1',
    kind: 'mjpeg' as const,
    url: 'http://10.0.0.5/video.mjpg',
    username: 'viewer',
    passwordSet: true,
    updatedAt: '2026-06-01T10:00:00.000Z',
  };
  const edit = (over: object, stream: typeof stored | null = stored) =>
    streamSave(stream, { ...streamFormValues(stream), ...over });

  it.each([
    ['unchanged: nothing', {}, stored, { action: 'none' }],
    ['no source and nothing typed: nothing', {}, null, { action: 'none' }],
    ['an emptied address: DELETE', { url: ' ' }, stored, { action: 'delete' }],
    [
      'a new password: sent',
      { password: 'pw' },
      stored,
      { action: 'put', body: { kind: 'mjpeg', url: stored.url, username: 'viewer', password: 'pw' } },
    ],
    [
      'another address, the password kept: no password sent',
      { url: 'http://10.0.0.6/a.m3u8 ', kind: 'hls' },
      stored,
      { action: 'put', body: { kind: 'hls', url: 'http://10.0.0.6/a.m3u8', username: 'viewer' } },
    ],
    [
      'the password removed: an empty one sent',
      { clearPassword: true },
      stored,
      { action: 'put', body: { kind: 'mjpeg', url: stored.url, username: 'viewer', password: '' } },
    ],
    [
      'an address that is no http(s) one',
      { url: 'rtsp://cam/1' },
      null,
      { action: 'invalid', reason: 'Enter the camera’s http(s) stream address' },
    ],
  ] as const)('%s', (_, over, stream, expected) => {
    expect(edit(over, stream)).toEqual(expected);
  });

  it('never starts with the password', () => {
    expect(streamFormValues(stored).password).toBe('');
  });
});
