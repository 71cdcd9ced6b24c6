import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { settings } from './db/tables';
import { randomSecret } from './crypto';

/**
 * The secret that signs access tokens and download links, made once and shared by every
 * instance through the database (TOKEN_SECRET overrides it).
 */
export async function loadTokenSecret(db: Db): Promise<string> {
  if (process.env.TOKEN_SECRET) return process.env.TOKEN_SECRET;
  await db
    .insert(settings)
    .values({ key: 'token_secret', value: randomSecret(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'token_secret'));
  return String(row?.value);
}
