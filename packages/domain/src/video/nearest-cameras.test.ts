import { describe, expect, it } from 'vitest';
import {
  CAMERA_URL_HAS_CREDENTIALS,
  CAMERA_URL_INVALID,
  cameraUrlError,
  groundDistanceM,
  nearestCameras,
} from './nearest-cameras';
import { cameraStreamBodySchema } from './contract';

// Issue 16 (SPEC §3 Video stream, §9 coverage radius): the cameras an alert shows, nearest first.

const AT = { lat: 40.74205, lng: -73.9741 };
/** A point `north` metres north and `east` metres east of AT (small distances: flat-earth steps). */
const off = (north: number, east: number) => ({
  lat: AT.lat + north / 111_195,
  lng: AT.lng + east / (111_195 * Math.cos((AT.lat * Math.PI) / 180)),
});

describe('groundDistanceM', () => {
  it.each([
    ['the same point', AT, 0],
    ['10 m north', off(10, 0), 10],
    ['10 m east', off(0, 10), 10],
    ['3-4-5 metres', off(3, 4), 5],
  ])('%s', (_, point, metres) => {
    expect(groundDistanceM(AT, point)).toBeCloseTo(metres, 1);
  });
});

describe('nearestCameras: within the coverage radius, nearest first', () => {
  const camera = (id: string, name: string, north: number, east = 0) => ({ id, name, ...off(north, east) });

  it.each([
    [
      'keeps those within the radius, nearest first',
      16,
      [camera('a', 'A', 12), camera('b', 'B', 3), camera('c', 'C', 20)],
      ['b', 'a'],
    ],
    ['keeps one exactly on the radius', 10, [camera('a', 'A', 0, 10)], ['a']],
    [
      'a radius of 0 (a bridge) keeps only a camera on the spot',
      0,
      [camera('a', 'A', 1), camera('b', 'B', 0)],
      ['b'],
    ],
    [
      'orders equally near ones by name, then id',
      16,
      [camera('z', 'Lobby', 5), camera('y', 'Hall', 0, 5), camera('x', 'Hall', -5)],
      ['x', 'y', 'z'],
    ],
    ['none near: nothing', 16, [camera('a', 'A', 40)], []],
  ] as const)('%s', (_, radius, cameras, ids) => {
    const found = nearestCameras({ ...AT, radius }, cameras);
    expect(found.map((c) => c.id)).toEqual(ids);
  });

  it('answers each camera with its distance in metres, to the centimetre', () => {
    const [found] = nearestCameras({ ...AT, radius: 16 }, [camera('a', 'A', 3, 4)]);
    expect(found).toMatchObject({ id: 'a', name: 'A' });
    expect(found!.distanceM).toBeCloseTo(5, 1);
    expect(Math.round(found!.distanceM * 100)).toBe(found!.distanceM * 100);
  });
});

describe('cameraUrlError: a camera’s address, without credentials', () => {
  it.each([
    ['http://10.0.0.5/mjpg/video.mjpg', null],
    ['https://cam.example/live/index.m3u8', null],
    ['rtsp://10.0.0.5/stream', CAMERA_URL_INVALID],
    ['not a url', CAMERA_URL_INVALID],
    ['http://admin:secret@10.0.0.5/video', CAMERA_URL_HAS_CREDENTIALS],
    ['http://admin@10.0.0.5/video', CAMERA_URL_HAS_CREDENTIALS],
  ])('%s → %s', (url, reason) => {
    expect(cameraUrlError(url)).toBe(reason);
  });

  it('is the stream body’s check', () => {
    const refused = cameraStreamBodySchema.safeParse({ kind: 'mjpeg', url: 'http://a:b@cam.example/' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(CAMERA_URL_HAS_CREDENTIALS);
    expect(cameraStreamBodySchema.safeParse({ kind: 'hls', url: 'http://cam.example/a.m3u8' }).success).toBe(
      true,
    );
  });
});
