import { Badge, Group } from '@mantine/core';
import { resetReasonLabel, type GatewayDetail } from '@vigil/domain';
import { FactsList, type Fact } from '../../ui/facts-list';
import { useNow } from '../../ui/use-now';
import {
  STATUS_COLOURS,
  configStateLabel,
  isSafeMode,
  skuOf,
  stateOf,
  statusLabel,
  statusOf,
  versionText,
  when,
} from './gateway-fields';

/** The gateway's facts as a description list (SPEC §3 Gateway config and state). */
export function GatewayFacts({ gateway }: { gateway: GatewayDetail }) {
  const now = useNow(60_000);
  const state = stateOf(gateway);
  const kind = statusOf(gateway, now);
  const rma = gateway.config.rma as { reason?: string } | undefined;
  const facts: Fact[] = [
    [
      'Status',
      <Badge key="status" variant="light" color={STATUS_COLOURS[kind]}>
        {statusLabel(kind)}
      </Badge>,
    ],
    ['Last update', when(state.updatedAt) || 'Never'],
    [
      'Version',
      <Group key="version" gap={6} component="span">
        {versionText(gateway) || 'Unknown'}
        {isSafeMode(gateway) && (
          <Badge size="sm" color="indigo" variant="light">
            Safe mode
          </Badge>
        )}
      </Group>,
    ],
    ['Hardware revision', state.hardware?.revision ?? 'Unknown'],
    ['Admin mode', state.adminMode ? 'On' : 'Off'],
    ['Last reset reason', resetReasonLabel(state.debug?.rebootInfo?.lastResetReason) ?? 'None reported'],
    ['State', configStateLabel(gateway.config.state) || 'Unknown'],
    ['SKU', skuOf(gateway) || 'Unknown'],
    ['Location', gateway.location.path ?? 'Not assigned'],
    ['Labels', (gateway.config.labels ?? []).join(', ') || 'None'],
    ['Notes', gateway.config.notes || 'None'],
    ['RMA reason', rma?.reason ?? null],
  ];
  return <FactsList facts={facts} cols={{ base: 1, sm: 2, lg: 3 }} />;
}
