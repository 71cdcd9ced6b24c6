import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../platform/db/columns';
import { zones } from '../platform/db/tables';
import { markers } from '../markers/tables';

/**
 * Issue 16, SPEC §3 Video stream: a camera marker's stream source. The URL and the credentials stay
 * on the server (the password encrypted with the server's secret, `password_enc`); browsers only
 * ever get short-lived URLs of our proxy (GET /api/video/streams/{alertId}).
 */
export const cameraStreams = pgTable('camera_streams', {
  markerId: uuid('marker_id')
    .primaryKey()
    .references(() => markers.id, { onDelete: 'cascade' }),
  orgId: uuid('org_id')
    .notNull()
    .references(() => zones.id, { onDelete: 'cascade' }),
  /** `mjpeg` or `hls`. */
  kind: text('kind').notNull(),
  url: text('url').notNull(),
  username: text('username'),
  passwordEnc: text('password_enc'),
  ...timestamps,
});
