import type { Db } from '../platform/db/client';
import type { Actor } from '../platform/caller';
import { writeAudit } from '../platform/audit';
import { conflict, notFound } from '../platform/errors';
import { loadProvider, removeProvider, type ProviderKind } from './provider-store';
import { providerZone } from './provider-zone';

const NAMES: Record<ProviderKind, string> = { saml: 'SAML', google: 'Google' };

/**
 * DELETE /api/zones/{id}/sign-in/{saml|google}: removes the zone's provider of that kind; audited.
 * Refused (409) while the zone's sign-in methods still name it: its login page would offer a
 * method that cannot work. The Zones API refuses the converse (enabling a method with no provider).
 */
export async function deleteSignInProvider(db: Db, actor: Actor, zoneId: string, kind: ProviderKind) {
  const zone = await providerZone(db, actor.caller.scope, zoneId);
  const methods = (zone.auth as { methods?: string[] }).methods ?? [];
  if (methods.includes(kind)) {
    throw conflict(
      `${NAMES[kind]} is one of ${zone.name}'s sign-in methods: remove it from them first`,
      'method_enabled',
    );
  }
  await db.transaction(async (tx) => {
    const before = await loadProvider(tx, zone.id, kind);
    if (!before || !(await removeProvider(tx, zone.id, kind))) {
      throw notFound(`No ${NAMES[kind]} sign-in is configured here`);
    }
    const { discovery: _discovery, ...settings } = before.settings as Record<string, unknown>;
    await writeAudit(tx, actor, {
      entity: 'signInProvider',
      entityId: `${zone.id}:${kind}`,
      action: 'delete',
      before: settings,
    });
  });
}
