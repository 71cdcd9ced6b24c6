import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps, type ActorRef } from '../platform/db/columns';
import { zones } from '../platform/db/tables';
import { people } from '../people/tables';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Issue 20, SPEC HomeVisit: a staff member (a remote person) visiting a patient at home. `home_zone_id`
 * is the patient's address, a zone of category home. A visit not checked out VISIT_OVERDUE_GRACE_MIN
 * after its planned end raises one alert (`overdue_alert_id`, set in the same statement that raises
 * it, so a restart never raises it twice).
 */
export const homeVisits = pgTable(
  'home_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    homeZoneId: uuid('home_zone_id')
      .notNull()
      .references(() => zones.id),
    plannedStart: at('planned_start').notNull(),
    plannedEnd: at('planned_end').notNull(),
    checkedInAt: at('checked_in_at'),
    checkedOutAt: at('checked_out_at'),
    cancelledAt: at('cancelled_at'),
    overdueAlertId: uuid('overdue_alert_id'),
    notes: text('notes').notNull().default(''),
    createdBy: jsonb('created_by').$type<ActorRef>(),
    ...timestamps,
  },
  (t) => [
    index('home_visits_org_start_idx').on(t.orgId, t.plannedStart),
    index('home_visits_person_idx').on(t.personId, t.plannedStart),
    index('home_visits_home_idx').on(t.homeZoneId),
    // The lone-worker sweep's candidates: not checked out, not cancelled, no overdue alert yet.
    index('home_visits_overdue_idx')
      .on(t.plannedEnd)
      .where(sql`${t.checkedOutAt} is null and ${t.cancelledAt} is null and ${t.overdueAlertId} is null`),
  ],
);
