import type { AppAbility } from '@vigil/domain';
import type { Scope } from './scope';
import type { zones } from './db/tables';

export type ZoneRow = typeof zones.$inferSelect;

/** Who is calling, as every authenticated route sees it. */
export type Caller = {
  kind: 'user' | 'key';
  /** The user's uuid, or `key:<id>` for an API key. */
  id: string;
  userId?: string;
  keyId?: string;
  sessionId?: string;
  name: string;
  email?: string;
  /** The role requests are authorised as (the session override when one is set). */
  role: string;
  baseRole: string;
  ability: AppAbility;
  /** The caller's own zone, and the organisation selected by the `slug` header. */
  zone: ZoneRow;
  org: ZoneRow;
  peers: string[];
  location: string[];
  userState: Record<string, unknown>;
  scope: Scope;
  flags: Record<string, boolean>;
};

/**
 * Who asks for a change and under which request: what an operation needs to authorise, scope and
 * audit it, without the request itself.
 */
export type Actor = { caller: Caller; requestId: string };
