import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { hashPassword } from '../platform/crypto';
import { credentials, users, zones } from './schema';

// Issue 22, SPEC §6: the logistics organisations (the factory, the warehouse and the inventory the
// console's transfer_inv sends devices back to) and the kiosk staff of the first two.

/**
 * No peers: the warehouse's staff have no grant in any customer's organisation (they touch a
 * hospital's devices only through an order); the orders area lets the warehouse order for every
 * customer (orders/customers.ts).
 */
export const LOGISTICS_ORGS = [
  { slug: 'factory', name: 'Factory' },
  { slug: 'smpwarehouse', name: 'SMP Warehouse' },
  { slug: 'strongline-inventory', name: 'Inventory' },
] as const;

export const LOGISTICS_USERS = [
  { email: 'factory@smp.example', name: 'Fran Factory', role: 'factory', org: 'factory' },
  { email: 'warehouse@smp.example', name: 'Walt Warehouse', role: 'warehouse', org: 'smpwarehouse' },
] as const;

/** The organisation with this slug, made under the root when it does not exist yet. */
async function ensureOrg(db: Db, rootId: string, org: (typeof LOGISTICS_ORGS)[number]): Promise<string> {
  const { slug, name } = org;
  const [found] = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.slug, slug), eq(zones.level, 'org')))
    .limit(1);
  if (found) return found.id;
  const id = crypto.randomUUID();
  await db.insert(zones).values({
    id,
    name,
    level: 'org',
    parentId: rootId,
    path: [rootId, id],
    slug,
    auth: { methods: ['password', 'key'] },
    peers: [],
  });
  return id;
}

/** Seeds the logistics organisations and their kiosk staff (with `password`), each only once. */
export async function seedLogistics(db: Db, rootId: string, password: string): Promise<void> {
  const ids = new Map<string, string>();
  for (const org of LOGISTICS_ORGS) ids.set(org.slug, await ensureOrg(db, rootId, org));
  for (const u of LOGISTICS_USERS) {
    const [row] = await db
      .insert(users)
      .values({ email: u.email, name: u.name, role: u.role, zoneId: ids.get(u.org)! })
      .onConflictDoNothing()
      .returning();
    if (row)
      await db.insert(credentials).values({ userId: row.id, passwordHash: await hashPassword(password) });
  }
}
