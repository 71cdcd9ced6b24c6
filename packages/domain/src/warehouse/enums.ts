import { z } from 'zod';

/**
 * SPEC §3 Order recipients, addresses, contacts: the contact kinds.
 * Used by the orders address book (SPEC §2.4 Orders Address Book, /operations/orders/recipients).
 */
export const CONTACT_KINDS = ['sms', 'email', 'ascom', 'connexall', 'vocera', 'wctp', 'tiger'] as const;
export const contactKindSchema = z.enum(CONTACT_KINDS);
export type ContactKind = z.infer<typeof contactKindSchema>;
