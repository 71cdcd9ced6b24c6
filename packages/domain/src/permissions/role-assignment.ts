import { ALL_PERMISSIONS, abilityFor, can, permissionLabel, type RawRule } from './model';
import { ROLE_ABILITIES, ROLE_NAMES, isRoleName, type RoleName } from './roles';

// SPEC §5 'Role assignment blacklists', read as: each list names the roles that role may NOT assign.
// superAdmin, admin and default are SPEC's lists; customerSuperAdmin is a customer admin and keeps
// admin's list; every other role holds no update User and so may assign nothing (docs/ROLES.md).

const ADMIN_BLACKLIST = [
  'default',
  'superAdmin',
  'factory',
  'warehouse',
  'warehouseAutomation',
  'warehouseTempo',
  'smpReportUser',
  'remotePerson',
  'assetTracking',
  'assetTrackingAdmin',
  'assetTrackingUser',
  'canopyOnCallSupport',
] as const satisfies readonly RoleName[];

const EVERY_ROLE: readonly RoleName[] = ROLE_NAMES;

/** SPEC §5: the roles each role may not assign. */
export const ROLE_ASSIGNMENT_BLACKLIST: Readonly<Record<RoleName, readonly RoleName[]>> = {
  superAdmin: ['default'],
  admin: ADMIN_BLACKLIST,
  default: [...ADMIN_BLACKLIST, 'admin'],
  customerSuperAdmin: ADMIN_BLACKLIST,
  security: EVERY_ROLE,
  factory: EVERY_ROLE,
  warehouse: EVERY_ROLE,
  warehouseAutomation: EVERY_ROLE,
  warehouseTempo: EVERY_ROLE,
  distribution: EVERY_ROLE,
  distributionAdmin: EVERY_ROLE,
  noAccess: EVERY_ROLE,
  smpReportUser: EVERY_ROLE,
  remotePerson: EVERY_ROLE,
  assetTracking: EVERY_ROLE,
  assetTrackingAdmin: EVERY_ROLE,
  assetTrackingUser: EVERY_ROLE,
  canopyOnCallSupport: EVERY_ROLE,
};

export type RoleAssignmentVerdict = { ok: true } | { ok: false; reason: string };

const MANAGES_USERS: ReadonlySet<RoleName> = new Set(
  ROLE_NAMES.filter((role) => can(abilityFor(ROLE_ABILITIES[role]), ['update', 'User'])),
);

/**
 * The stored rules of the roles involved, for roles created on the Roles screen: such a role may be
 * given by a role that manages users and itself holds every ability the custom role holds.
 */
export type CustomRoleRules = { assigner: readonly RawRule[]; target: readonly RawRule[] };

/** SPEC §5: whether a user holding `assignerRole` may give another user `targetRole`. */
export function mayAssignRole(
  assignerRole: string,
  targetRole: string,
  custom?: CustomRoleRules,
): RoleAssignmentVerdict {
  if (!isRoleName(assignerRole)) return { ok: false, reason: `Unknown role ${assignerRole}` };
  if (!isRoleName(targetRole)) return mayAssignCustomRole(assignerRole, targetRole, custom);
  if (ROLE_ASSIGNMENT_BLACKLIST[assignerRole].includes(targetRole)) {
    return { ok: false, reason: `A ${assignerRole} may not assign the role ${targetRole}` };
  }
  // default's SPEC list leaves some roles open, but default holds no update User (docs/ROLES.md).
  if (!MANAGES_USERS.has(assignerRole)) {
    return { ok: false, reason: `A ${assignerRole} may not assign roles` };
  }
  return { ok: true };
}

function mayAssignCustomRole(
  assignerRole: RoleName,
  targetRole: string,
  custom?: CustomRoleRules,
): RoleAssignmentVerdict {
  if (!custom) return { ok: false, reason: `Unknown role ${targetRole}` };
  if (!MANAGES_USERS.has(assignerRole))
    return { ok: false, reason: `A ${assignerRole} may not assign roles` };
  const assigner = abilityFor(custom.assigner);
  const target = abilityFor(custom.target);
  const beyond = ALL_PERMISSIONS.find((p) => can(target, p) && !can(assigner, p));
  return beyond
    ? {
        ok: false,
        reason: `The role ${targetRole} may ${permissionLabel(beyond)}, which a ${assignerRole} may not`,
      }
    : { ok: true };
}

/** SPEC §5: the roles of `allRoles` (in their order) that `assignerRole` may assign. */
export function assignableRoles(
  assignerRole: string,
  allRoles: readonly string[],
  rulesOf?: (role: string) => readonly RawRule[] | undefined,
): string[] {
  const assignerRules = rulesOf?.(assignerRole);
  return allRoles.filter((role) => {
    const targetRules = rulesOf?.(role);
    const custom =
      assignerRules && targetRules ? { assigner: assignerRules, target: targetRules } : undefined;
    return mayAssignRole(assignerRole, role, custom).ok;
  });
}
