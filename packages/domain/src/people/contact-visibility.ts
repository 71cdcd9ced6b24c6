// The customer super-admin rule lives once, beside the role names (SPEC §6).
import { isCustomerSuperAdmin, type RoleName } from '../permissions/roles';

/** SPEC §6: the named roles that see a person's e-mail in person search. */
export const EMAIL_VISIBLE_ROLES = [
  'admin',
  'superAdmin',
  'distribution',
  'distributionAdmin',
] as const satisfies readonly RoleName[];

/** SPEC §6: whether this role sees a person's e-mail (else the person id) in person search. */
export function canSeePersonEmail(roleName: string | null | undefined): boolean {
  return (
    (EMAIL_VISIBLE_ROLES as readonly string[]).includes(roleName ?? '') ||
    isCustomerSuperAdmin(roleName ?? '')
  );
}

/**
 * SPEC §6: the contact shown for a person in search: the e-mail for roles that may see it, else the
 * person id. A person without an e-mail shows the person id to everyone.
 */
export function personSearchContact(
  person: { personId: string; contacts?: { email?: string | null } | null },
  roleName: string | null | undefined,
): string {
  const email = person.contacts?.email;
  return email && canSeePersonEmail(roleName) ? email : person.personId;
}
