import { DEMO_PASSWORD } from '../apps/server/src/db/seed';

/**
 * Signs a seeded user in at the organisation `slug` through the real API (password vigil-demo);
 * answers the headers of that user's JSON calls.
 */
export async function apiSignIn(address: string, email: string, slug: string) {
  const res = await fetch(`${address}/api/auth/password/${slug}`, {
    method: 'POST',
    headers: { slug, domain: 'localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { access: { token: string } }).access.token;
  return { slug, domain: 'localhost', authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}
