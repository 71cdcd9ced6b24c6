import { z } from 'zod';
import { uuidSchema } from '../contract/common';
import { GATEWAY_ALREADY_PLACED } from '../floorplans/messages';
import { macInputSchema } from '../ingest/contract';
import { RMA_REASON_REQUIRED, gatewayDetailSchema, rmaReasonGiven, rmaReasonSchema } from './contract';
import { GATEWAY_CONFIG_STATE_LABELS, gatewayRemovalActionSchema, type GatewayConfigState } from './enums';

// Issue 21 "Device replacement" (SPEC §2.1 /device/replacement, a kiosk that needs update Gateway):
// a new gateway takes an installed one's place (marker, location, coordinates, labels, notes) and
// the old one leaves with a SPEC §3 removal action, as POST gateways/{id}/unassign does.

/** POST /api/gateways/{id}/replace: the new gateway (a SPEC §5 MAC) and what happens to the old one. */
export const gatewayReplaceBodySchema = z
  .strictObject({
    newGatewayId: macInputSchema,
    action: gatewayRemovalActionSchema,
    rmaReason: rmaReasonSchema,
  })
  .refine(rmaReasonGiven, { message: RMA_REASON_REQUIRED, path: ['rmaReason'] });
export type GatewayReplaceBody = z.input<typeof gatewayReplaceBodySchema>;

/** The answer: both gateways as they now are, the marker that changed hands, the batch log entry. */
export const gatewayReplaceResultSchema = z.object({
  old: gatewayDetailSchema,
  new: gatewayDetailSchema,
  /** The marker that named the old gateway and now names the new one; null when it had none. */
  markerId: uuidSchema.nullable(),
  /** The floor the location lies on (its floor plan: /floorplans/{floorId}); null when none. */
  floorId: uuidSchema.nullable(),
  batchId: uuidSchema,
});
export type GatewayReplaceResult = z.infer<typeof gatewayReplaceResultSchema>;

/** What the rule reads of each gateway (SPEC §3 Gateway id, organisation and config). */
export type ReplacementGateway = {
  id: string;
  orgId: string;
  config: { state?: string | null; location?: string | null; coordinates?: unknown };
};

export const REPLACEMENT_SAME_GATEWAY = 'A gateway cannot replace itself: choose another new gateway';

const stateWords = (state: string | null | undefined) =>
  GATEWAY_CONFIG_STATE_LABELS[(state ?? 'unknown') as GatewayConfigState] ?? state ?? 'Unknown';

/** Issue 21 with SPEC §3: null when `old` may be replaced (it is placed: deployed, with a location), else why. */
export function replacedGatewayRefusal(old: ReplacementGateway): string | null {
  if (old.config.state !== 'deployed') {
    return `Gateway ${old.id} is not deployed (it is ${stateWords(old.config.state)}): only a deployed gateway is replaced`;
  }
  if (!old.config.location) return `Gateway ${old.id} has no location to hand over`;
  return null;
}

/**
 * Issue 21 with SPEC §3 and §5: null when `fresh` may replace `old`, else the reason. The old gateway
 * must be placed (`replacedGatewayRefusal`); the new one a different MAC of the same organisation,
 * ready to deploy and not placed elsewhere ('This gateway is already assigned to another location').
 */
export function replacementRefusal(old: ReplacementGateway, fresh: ReplacementGateway): string | null {
  if (old.id.toLowerCase() === fresh.id.toLowerCase()) return REPLACEMENT_SAME_GATEWAY;
  const refusal = replacedGatewayRefusal(old);
  if (refusal) return refusal;
  if (fresh.orgId !== old.orgId) return `Gateway ${fresh.id} belongs to another organisation`;
  if (fresh.config.state !== 'ready_to_deploy') {
    return `Gateway ${fresh.id} is not ready to deploy (it is ${stateWords(fresh.config.state)})`;
  }
  if (fresh.config.coordinates != null) return GATEWAY_ALREADY_PLACED;
  return null;
}
