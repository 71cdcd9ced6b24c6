import { z } from 'zod';
import { isoDateSchema, listSchema, macIdSchema } from '../contract/common';
import { gatewaySchema } from '../gateways/contract';
import type { Subject } from '../permissions/model';
import { tagSchema } from '../tags/contract';

// Issue 22, SPEC §2.1 /operations/tags (Tag Scratch List) and /operations/gateways (Gateway Scratch
// List): a person's working list of devices, kept on the server until they clear it.

export const SCRATCH_LIST_KINDS = ['tag', 'gateway'] as const;
export const scratchListKindSchema = z.enum(SCRATCH_LIST_KINDS);
export type ScratchListKind = z.infer<typeof scratchListKindSchema>;

/** SPEC §2.4 Operations: a kind's list needs list plus update on this subject. */
export const SCRATCH_LIST_SUBJECTS = {
  tag: 'Tag',
  gateway: 'Gateway',
} as const satisfies Record<ScratchListKind, Subject>;

/** The most ids one POST adds (a paste of a few boxes' worth; the console sends more in turns). */
export const SCRATCH_LIST_ADD_MAX = 5000;

/**
 * POST /api/scratch-lists/{kind}: ids as scanned or pasted (SPEC §5 MAC forms or a QR's content);
 * the server reads each with `readScratchId`.
 */
export const scratchListAddBodySchema = z.strictObject({
  ids: z
    .array(z.string().max(200, 'An id is at most 200 characters'))
    .min(1, 'Give at least one id')
    .max(SCRATCH_LIST_ADD_MAX, `At most ${SCRATCH_LIST_ADD_MAX} ids at a time`),
});
export type ScratchListAddBody = z.infer<typeof scratchListAddBodySchema>;

/**
 * What an add did: `added` new to the list, `already` on it, and `unknown`: the entries, as sent,
 * that are no device of the caller's organisation and zones (or no device id at all).
 */
export const scratchListAddResultSchema = z.object({
  added: z.number().int(),
  already: z.number().int(),
  unknown: z.array(z.string()),
});
export type ScratchListAddResult = z.infer<typeof scratchListAddResultSchema>;

/** DELETE of one device or of the whole list: how many left it. */
export const scratchListRemoveResultSchema = z.object({ removed: z.number().int() });
export type ScratchListRemoveResult = z.infer<typeof scratchListRemoveResultSchema>;

function itemSchema<T extends z.ZodType>(device: T) {
  return z.object({
    /** The device id (12 hex, lowercase). */
    id: macIdSchema,
    addedAt: isoDateSchema,
    /** The caller's organisation (and zones) no longer hold the device: its details are not shown. */
    missing: z.boolean(),
    /** The device as its list shows it (with location names); null when missing. */
    device: device.nullable(),
  });
}

/** One entry of a Tag Scratch List. */
export const scratchTagItemSchema = itemSchema(tagSchema);
export type ScratchTagItem = z.infer<typeof scratchTagItemSchema>;
/** One entry of a Gateway Scratch List. */
export const scratchGatewayItemSchema = itemSchema(gatewaySchema);
export type ScratchGatewayItem = z.infer<typeof scratchGatewayItemSchema>;

/** GET /api/scratch-lists/{kind}: the list contract (newest first by default). */
export const scratchTagListSchema = listSchema(scratchTagItemSchema);
export const scratchGatewayListSchema = listSchema(scratchGatewayItemSchema);
