import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { zones } from '../../src/db/schema';
import { getTestApp, signIn } from '../helpers/app';
import { customRole, placedUser, zoneByName } from '../helpers/alerts';
import { freshGateway, gatewayRow, made, markerClient, markerRow, type Headers } from './marker-fixtures';

let app: FastifyInstance;
let admin: Headers;
let acme: Headers;
let demoOrg: string;
let acmeOrg: string;
let floor1: string;
let edRoom: string;
let entrance: string;
let frontDesk: string;
let lobby: typeof zones.$inferSelect;
let api: ReturnType<typeof markerClient>;

const at = (lat: number, lng: number) => ({ lat, lng });
const markerAt = async (location: string, headers = admin) =>
  (await made(await api.create({ location, coordinates: at(1, 2) }, headers))).id as string;
const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((m) => m.id);

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  acme = (await signIn(app, 'admin@acme.example', 'acme')).headers;
  api = markerClient(app, () => admin);
  demoOrg = (await zoneByName(app, 'Demo Hospital')).id;
  acmeOrg = (await zoneByName(app, 'Acme Clinic', 'acme')).id;
  floor1 = (await zoneByName(app, 'Floor 1')).id;
  edRoom = (await zoneByName(app, 'ED Room 101')).id;
  entrance = (await zoneByName(app, 'Main Entrance')).id;
  frontDesk = (await zoneByName(app, 'Front Desk', 'acme')).id;
  // The video flag on the Lobby unit only: a user placed there inherits it, the demo admin does not.
  lobby = await zoneByName(app, 'Lobby');
  const featureFlags = { ...(lobby.config.featureFlags as object | undefined), video: true };
  await app.db
    .update(zones)
    .set({ config: { ...lobby.config, featureFlags } })
    .where(eq(zones.id, lobby.id));
});

afterAll(async () => {
  await app.db.update(zones).set({ config: lobby.config }).where(eq(zones.id, lobby.id));
});

describe('marker permissions (SPEC §5, §6: read FloorPlan to read, update FloorPlan to write)', () => {
  it('lets the security role read markers but not write them, and noAccess do neither', async () => {
    const marker = await markerAt(edRoom);
    const gateway = await freshGateway(app, demoOrg);
    const security = (await signIn(app, 'security@demo.example')).headers;
    const listed = await api.list(`config.location=${floor1}&limit=500`, security);
    expect(listed.statusCode).toBe(200);
    expect(ids(listed)).toContain(marker);
    const refused = [
      await api.create({ location: edRoom, coordinates: at(1, 2) }, security),
      await api.update(marker, { notes: 'x' }, security),
      await api.remove(marker, security),
      await api.assign(marker, gateway, security),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    expect(refused[0]!.json().reason).toBe('Not allowed to update FloorPlan');

    const noAccess = (await signIn(app, 'noaccess@demo.example')).headers;
    expect((await api.list(`config.location=${floor1}`, noAccess)).statusCode).toBe(403);
    expect((await api.create({ location: edRoom, coordinates: at(1, 2) }, noAccess)).statusCode).toBe(403);
    expect((await markerRow(app, marker))!.notes).toBeNull();
  });

  it('needs update Gateway too to assign a gateway, since assigning places the gateway', async () => {
    const role = await customRole(app, [
      { action: ['read', 'update'], subject: 'FloorPlan' },
      { action: ['list', 'read'], subject: ['Gateway', 'Zone'] },
    ]);
    const mapper = (await signIn(app, await placedUser(app, { zone: 'Demo Hospital', role }))).headers;
    const marker = await markerAt(edRoom, mapper);
    const gateway = await freshGateway(app, demoOrg);
    const res = await api.assign(marker, gateway, mapper);
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('Not allowed to update Gateway');
    expect((await gatewayRow(app, gateway)).config.coordinates).toBeUndefined();
  });
});

describe('camera markers (SPEC §5 Camera edit: the video flag and update Video)', () => {
  it('refuses camera writes without the video flag, and checks the id and name', async () => {
    const res = await api.create({ location: entrance, coordinates: at(1, 2), camera: {} });
    expect(res.statusCode).toBe(403);

    const camUser = (await signIn(app, await placedUser(app, { zone: 'Lobby', role: 'admin' }))).headers;
    const camera = await made(
      await api.create({ location: entrance, coordinates: at(1, 2), camera: {} }, camUser),
    );
    expect(camera.config).toMatchObject({ camera: { id: null, name: null } });
    const id = camera.id as string;
    const noId = await api.update(id, { camera: { id: ' ', name: 'Lobby cam' } }, camUser);
    expect(noId.statusCode).toBe(400);
    expect(noId.json()).toMatchObject({ reason: 'Must specify id', field: 'camera.id' });
    const noName = await api.update(id, { camera: { id: 'cam-7' } }, camUser);
    expect(noName.json()).toMatchObject({ reason: 'Must specify name', field: 'camera.name' });
    const named = await api.update(id, { camera: { id: ' cam-7 ', name: 'Lobby cam' } }, camUser);
    expect(named.statusCode).toBe(200);
    expect(named.json().config.camera).toEqual({ id: 'cam-7', name: 'Lobby cam' });

    // The demo admin may edit markers but not cameras: not even move or remove one.
    expect((await api.update(id, { notes: 'x' })).statusCode).toBe(403);
    expect((await api.remove(id)).statusCode).toBe(403);
    expect((await api.update(id, { camera: { id: 'c', name: 'n' } })).statusCode).toBe(403);
    expect((await api.remove(id, camUser)).statusCode).toBe(204);
  });
});

describe('markers across organisations and zones', () => {
  it('keeps every demo marker and gateway out of acme’s reach', async () => {
    const marker = await markerAt(edRoom);
    const gateway = await freshGateway(app, demoOrg);
    expect((await api.list(`config.location=${floor1}`, acme)).statusCode).toBe(404);
    const own = await api.list('limit=500', acme);
    expect(own.statusCode).toBe(200);
    expect(ids(own)).not.toContain(marker);
    expect((await api.update(marker, { notes: 'acme' }, acme)).statusCode).toBe(404);
    expect((await api.remove(marker, acme)).statusCode).toBe(404);
    expect((await api.assign(marker, gateway, acme)).statusCode).toBe(404);
    expect((await markerRow(app, marker))!.notes).toBeNull();

    const acmeMarker = await markerAt(frontDesk, acme);
    const refused = await api.assign(acmeMarker, gateway, acme);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().reason).toBe('Gateway not found');
    expect((await gatewayRow(app, gateway)).config.coordinates).toBeUndefined();
    const acmeGateway = await freshGateway(app, acmeOrg);
    expect((await api.assign(acmeMarker, acmeGateway, acme)).statusCode).toBe(200);
    expect((await api.assign(marker, acmeGateway)).statusCode).toBe(404);
  });

  it('shows a user placed in a unit only that unit’s markers, even on its floor’s map', async () => {
    const inEd = await markerAt(edRoom);
    const inLobby = await markerAt(entrance);
    const edAdmin = (
      await signIn(app, await placedUser(app, { zone: 'Emergency Department', role: 'admin' }))
    ).headers;
    const floor = await api.list(`config.location=${floor1}&limit=500`, edAdmin);
    expect(floor.statusCode).toBe(200);
    expect(ids(floor)).toContain(inEd);
    expect(ids(floor)).not.toContain(inLobby);
    expect((await api.list(`config.location=${entrance}`, edAdmin)).statusCode).toBe(404);
    expect((await api.update(inLobby, { notes: 'x' }, edAdmin)).statusCode).toBe(404);
    const outside = await api.create({ location: entrance, coordinates: at(1, 2) }, edAdmin);
    expect(outside.json()).toMatchObject({ reason: 'Must specify area' });
  });
});
