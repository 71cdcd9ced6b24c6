import { eq } from 'drizzle-orm';
import { parseMac, type PublicDevice } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { gateways, tags, zones } from '../db/schema';
import { notFound } from '../platform/errors';

/** Every unknown, malformed or unreadable id answers the same, so the page tells nothing but existence. */
export const PUBLIC_DEVICE_NOT_FOUND = 'Device not found';

type ReturnContact = { name?: string | null; email?: string | null; phone?: string | null };

const skuOf = (config: Record<string, unknown>) => {
  const sku = (config.logistics as { sku?: unknown } | undefined)?.sku;
  return typeof sku === 'string' ? sku : null;
};

/**
 * SPEC §2.1 public device page (/{id}, /v1/{type}/{id}): what a finder may learn of a tag
 * or gateway — its kind and SKU, the organisation's name and its return contact (zone config
 * `returnContact`). Never the owner, the location or the state.
 */
export async function findPublicDevice(db: Db, rawId: string): Promise<PublicDevice> {
  const mac = parseMac(rawId);
  if (!mac.ok) throw notFound(PUBLIC_DEVICE_NOT_FOUND);
  const id = mac.value;
  const [tag] = await db.select({ orgId: tags.orgId, config: tags.config }).from(tags).where(eq(tags.id, id));
  const gateway = tag
    ? undefined
    : (
        await db
          .select({ orgId: gateways.orgId, config: gateways.config })
          .from(gateways)
          .where(eq(gateways.id, id))
      )[0];
  const device = tag ?? gateway;
  if (!device) throw notFound(PUBLIC_DEVICE_NOT_FOUND);
  const [org] = await db
    .select({ name: zones.name, config: zones.config })
    .from(zones)
    .where(eq(zones.id, device.orgId));
  if (!org) throw notFound(PUBLIC_DEVICE_NOT_FOUND);
  const contact = (org.config.returnContact ?? {}) as ReturnContact;
  return {
    id,
    kind: tag ? 'tag' : 'gateway',
    sku: skuOf(device.config),
    organisation: { name: org.name },
    contact: { name: contact.name ?? null, email: contact.email ?? null, phone: contact.phone ?? null },
  };
}
