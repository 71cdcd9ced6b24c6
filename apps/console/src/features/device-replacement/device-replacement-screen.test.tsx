import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  INVALID_MAC_REASON,
  REPLACEMENT_SAME_GATEWAY,
  type Gateway,
  type GatewayReplaceResult,
  type RawRule,
} from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { detailOf, gatewayFixture } from '../../test/gateway-fixtures';
import { renderSignedIn } from '../../test/signed-in';
import { DeviceReplacementScreen } from './device-replacement-screen';

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

const OLD = 'b0a710000001';
const NEW = 'b0a7100000aa';
const FLOOR = '22222222-2222-4222-8222-222222222222';
const KIOSK_RULES: RawRule[] = [{ action: ['list', 'read', 'update'], subject: 'Gateway' }];
const ADMIN_RULES: RawRule[] = [...KIOSK_RULES, { action: 'read', subject: 'FloorPlan' }];
const NOWHERE = { floor: null, unit: null, area: null, path: null };
const ORG = '55555555-5555-4555-8555-555555555555';

const GATEWAYS: Gateway[] = [
  gatewayFixture({
    id: OLD,
    orgId: ORG,
    config: {
      state: 'deployed',
      location: '11111111-1111-4111-8111-111111111111',
      labels: ['guard'],
      notes: 'Behind the TV',
      coordinates: { lat: 40.1, lng: -75.2 },
    },
  }),
  gatewayFixture({ id: NEW, orgId: ORG, config: { state: 'ready_to_deploy' }, location: NOWHERE }),
  gatewayFixture({ id: 'b0a7100000bb', orgId: ORG, config: { state: 'ready_to_deploy' }, location: NOWHERE }),
];
const byId = new Map(GATEWAYS.map((g) => [g.id, g]));

type Replace = (old: string, body: Record<string, unknown>) => Response | GatewayReplaceResult;
const replaced: Replace = (old, body) => ({
  old: detailOf({ ...byId.get(old)!, config: { state: 'undeployed' }, location: NOWHERE }),
  new: detailOf({ ...byId.get(body.newGatewayId as string)!, location: byId.get(old)!.location }),
  markerId: '33333333-3333-4333-8333-333333333333',
  floorId: FLOOR,
  batchId: '44444444-4444-4444-8444-444444444444',
});

/** GET gateways (filtered by state and MAC), GET gateways/{id}, POST gateways/{id}/replace. */
function serve(onReplace: Replace = replaced) {
  return stubFetch((url, init) => {
    const replace = /^\/api\/gateways\/([0-9a-f]{12})\/replace$/.exec(url.pathname);
    if (replace && init.method === 'POST') return onReplace(replace[1]!, JSON.parse(String(init.body)));
    if (url.pathname === '/api/gateways') {
      const state = url.searchParams.get('config.state');
      const query = url.searchParams.get('query') ?? '';
      const data = GATEWAYS.filter((g) => g.config.state === state && g.id.includes(query));
      return { data, total: data.length };
    }
    const gateway = byId.get(url.pathname.replace('/api/gateways/', ''));
    return gateway ? detailOf(gateway) : json({ reason: 'Gateway not found' }, 404);
  });
}

function render(rules = ADMIN_RULES) {
  return renderSignedIn(<DeviceReplacementScreen />, { rules, path: '/device/replacement' });
}

const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const field = (name: RegExp) => screen.getByRole('combobox', { name });

async function enterMac(label: RegExp, text: string) {
  await userEvent.clear(field(label));
  await userEvent.type(field(label), text);
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

describe('the device replacement screen (issue 21)', () => {
  it('replaces a gateway in four steps and links to the floor plan of its location', async () => {
    const fetch = serve();
    render();
    await stepHeading('Scan or type the gateway to replace');
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();

    // Step 1: four characters suggest the deployed gateways, with where each is.
    await userEvent.type(field(/Gateway to replace/), '0001');
    const option = await screen.findByRole('option', { name: new RegExp(OLD) });
    expect(option).toHaveTextContent('North Tower › Floor 2 › Ward 3 › Room 201');
    await userEvent.click(option);

    // Step 2: a hand-held scanner reads the new gateway's label (SPEC §5 QR scan: its last 12 hex).
    await stepHeading('Scan or type the new gateway');
    expect(screen.getByText(/^Replacing/)).toHaveTextContent(
      `Replacing ${OLD} at North Tower › Floor 2 › Ward 3 › Room 201`,
    );
    await userEvent.keyboard(`https://vigil.example/g/${NEW.toUpperCase()}{Enter}`);

    // Step 3: an RMA needs its reason.
    await stepHeading('What happens to the old gateway');
    await userEvent.click(screen.getByRole('radio', { name: /^RMA \(return for repair\)/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('An RMA needs a reason')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /RMA reason/ }), 'Cracked case');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    // Step 4: the summary, then Replace.
    await stepHeading('Check and replace');
    expect(screen.getByRole('group', { name: `Replace ${OLD} with ${NEW}` })).toBeInTheDocument();
    const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact('Location')).toHaveTextContent('North Tower › Floor 2 › Ward 3 › Room 201');
    expect(fact('Labels')).toHaveTextContent('guard');
    expect(fact('Notes')).toHaveTextContent('Behind the TV');
    expect(fact(`Old gateway ${OLD}`)).toHaveTextContent(
      'RMA (return for repair) (Cracked case). It becomes Ready for Return',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Replace gateway' }));

    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(`Gateway ${NEW} replaced ${OLD}`);
    expect(screen.getByRole('link', { name: 'Open the floor plan' })).toHaveAttribute(
      'href',
      `/floorplans/${FLOOR}`,
    );
    const posted = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posted.map(([input]) => String(input))).toEqual([`/api/gateways/${OLD}/replace`]);
    expect(JSON.parse(String(posted[0]![1]!.body))).toEqual({
      newGatewayId: NEW,
      action: 'rma',
      rmaReason: 'Cracked case',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Replace another gateway' }));
    expect(await stepHeading('Scan or type the gateway to replace')).toBeInTheDocument();
  });

  it('says on the field why a gateway cannot be used, and moves on only with one that can', async () => {
    serve();
    render();
    await stepHeading('Scan or type the gateway to replace');
    await enterMac(/Gateway to replace/, 'not a mac');
    expect(await screen.findByText(INVALID_MAC_REASON)).toBeInTheDocument();
    await enterMac(/Gateway to replace/, 'b0a7100000ff');
    expect(await screen.findByText('Sorry, there was a problem: Gateway not found')).toBeInTheDocument();
    await enterMac(/Gateway to replace/, NEW);
    expect(await screen.findByText(/is not deployed \(it is Ready to Deploy\)/)).toBeInTheDocument();
    await enterMac(/Gateway to replace/, 'B0:A7:10:00:00:01');

    await stepHeading('Scan or type the new gateway');
    await enterMac(/New gateway/, OLD);
    expect(await screen.findByText(REPLACEMENT_SAME_GATEWAY)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await stepHeading('Scan or type the gateway to replace')).toBeInTheDocument();
  });

  it("shows the server's refusal on the summary and changes step only when asked", async () => {
    serve(() => json({ reason: `Gateway ${NEW} is not ready to deploy (it is Deployed)` }, 409));
    render(KIOSK_RULES);
    await stepHeading('Scan or type the gateway to replace');
    await enterMac(/Gateway to replace/, OLD);
    await stepHeading('Scan or type the new gateway');
    await enterMac(/New gateway/, NEW);
    await stepHeading('What happens to the old gateway');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await stepHeading('Check and replace');
    await userEvent.click(screen.getByRole('button', { name: 'Replace gateway' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Sorry, could not update: Gateway ${NEW} is not ready to deploy (it is Deployed).`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await stepHeading('What happens to the old gateway')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Remove from location only/ })).toBeChecked();
  });

  it('opens the camera with Scan, and says when this browser cannot scan', async () => {
    serve();
    render();
    await stepHeading('Scan or type the gateway to replace');
    const scan = screen.getByRole('button', { name: 'Scan' });
    expect(scan).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(scan);
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser does not support QR Scanning');
    await userEvent.click(screen.getByRole('button', { name: 'Stop scanning' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers no floor plan link to a kiosk role that may not read floor plans', async () => {
    serve();
    render(KIOSK_RULES);
    await stepHeading('Scan or type the gateway to replace');
    await enterMac(/Gateway to replace/, OLD);
    await stepHeading('Scan or type the new gateway');
    await enterMac(/New gateway/, 'b0a7100000bb');
    await stepHeading('What happens to the old gateway');
    await userEvent.click(screen.getByRole('radio', { name: /^Lost/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Replace gateway' }));
    const done = await screen.findByRole('status');
    expect(within(done).getByText(/b0a7100000bb is deployed at North Tower/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the floor plan' })).not.toBeInTheDocument();
  });
});
