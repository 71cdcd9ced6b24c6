import { z } from 'zod';

// SPEC §3 Enumerations of gateways. Each list is an `as const` tuple, a zod schema and the inferred
// type; label maps hold the words SPEC says the console shows instead of the stored value.

/** SPEC §3 Enumerations: gateway config states. */
export const GATEWAY_CONFIG_STATES = [
  'deployed',
  'ready_to_deploy',
  'undeployed',
  'returned',
  'lost',
  'unknown',
] as const;
export const gatewayConfigStateSchema = z.enum(GATEWAY_CONFIG_STATES);
export type GatewayConfigState = z.infer<typeof gatewayConfigStateSchema>;

/** SPEC §3: undeployed is shown as 'Ready for Return'; the other labels are the value in words. */
export const GATEWAY_CONFIG_STATE_LABELS = {
  deployed: 'Deployed',
  ready_to_deploy: 'Ready to Deploy',
  undeployed: 'Ready for Return',
  returned: 'Returned',
  lost: 'Lost',
  unknown: 'Unknown',
} as const satisfies Record<GatewayConfigState, string>;

/** SPEC §3 Enumerations: gateway removal actions (POST gateways/{id}/unassign, §7). */
export const GATEWAY_REMOVAL_ACTIONS = ['none', 'uninstall', 'factory-reset', 'rma', 'lost'] as const;
export const gatewayRemovalActionSchema = z.enum(GATEWAY_REMOVAL_ACTIONS);
export type GatewayRemovalAction = z.infer<typeof gatewayRemovalActionSchema>;

/** SPEC §3 Gateway state.hardware.revision. */
export const GATEWAY_HARDWARE_REVISIONS = ['v2', 'v3'] as const;
export const gatewayHardwareRevisionSchema = z.enum(GATEWAY_HARDWARE_REVISIONS);
export type GatewayHardwareRevision = z.infer<typeof gatewayHardwareRevisionSchema>;
