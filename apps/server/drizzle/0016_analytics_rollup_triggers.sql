-- Issue 18 (ARCHITECTURE §9 'Analytics rollups'): what keeps analytics_alert_days equal to the raw
-- alerts, on every path that writes them (a close through the API, the scale seed, an import, a
-- zone moved or deleted, the organisation's time zone changed). A closed alert counts once in the
-- day row and once in the month row of each zone on its location's path from its organisation
-- down, on the local day it was created; the counters are packed histograms (base-10⁹ digits,
-- see analytics/tables.ts).

-- The bucket of the domain's RESPONSE_BUCKETS_S a duration falls in (their bounds past the first 0).
CREATE FUNCTION analytics_bucket(seconds double precision) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT width_bucket(seconds, '{1,1.25,1.6,2,2.5,3.15,4,5,6.3,8,10,12.5,16,20,25,31.5,40,50,63,80,100,125,160,200,250,315,400,500,630,800,1000,1250,1600,2000,2500,3150,4000,5000,6300,8000,10000,12500,16000,20000,25000,31500,40000,50000,63000,80000,86400}'::double precision[])
$$;
--> statement-breakpoint
-- One count in the bucket of the time from `since` to `until` (none when `until` is null). The
-- seconds come from date_part, a double: extract's numeric doubles the cost of a rebuild on PGlite.
CREATE FUNCTION analytics_duration_unit(since timestamptz, until timestamptz) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN until IS NULL THEN 0::numeric
    ELSE ('1e' || (9 * analytics_bucket(date_part('epoch', until - since)))::text)::numeric END
$$;
--> statement-breakpoint
-- One count per SPEC §5 incident answer recorded, at the position analytics/detail-answers.ts gives
-- it (the questionnaire's questions and options in order: category 0–6, source 7–10, injury 11–13,
-- target 14–18); a target chosen twice counts once. A plain expression, so it is inlined.
CREATE FUNCTION analytics_details_unit(details jsonb) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE details->>'category' WHEN 'verbal' THEN 1e0 WHEN 'physical' THEN 1e9 WHEN 'self_harm' THEN 1e18 WHEN 'elopement' THEN 1e27 WHEN 'disruptive' THEN 1e36 WHEN 'unsafe' THEN 1e45 WHEN 'other' THEN 1e54 ELSE 0 END
    + CASE details->>'source' WHEN 'patient' THEN 1e63 WHEN 'visitor' THEN 1e72 WHEN 'employee' THEN 1e81 WHEN 'unknown' THEN 1e90 ELSE 0 END
    + CASE details->>'injury' WHEN 'yes' THEN 1e99 WHEN 'no' THEN 1e108 WHEN 'unknown' THEN 1e117 ELSE 0 END
    + CASE WHEN jsonb_typeof(details->'target') = 'array' THEN
        CASE WHEN details->'target' ? 'patient' THEN 1e126 ELSE 0 END
        + CASE WHEN details->'target' ? 'visitor' THEN 1e135 ELSE 0 END
        + CASE WHEN details->'target' ? 'employee' THEN 1e144 ELSE 0 END
        + CASE WHEN details->'target' ? 'self' THEN 1e153 ELSE 0 END
        + CASE WHEN details->'target' ? 'other' THEN 1e162 ELSE 0 END
      ELSE 0 END)::numeric
$$;
--> statement-breakpoint
-- The organisation's time zone (its zone config `timeZone`), UTC when unset or unknown to the database.
CREATE FUNCTION analytics_time_zone(org uuid) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  name text;
BEGIN
  SELECT nullif(config->>'timeZone', '') INTO name FROM zones WHERE id = org;
  IF name IS NULL THEN
    RETURN 'UTC';
  END IF;
  PERFORM now() AT TIME ZONE name;
  RETURN name;
EXCEPTION WHEN others THEN
  RETURN 'UTC';
END
$$;
--> statement-breakpoint
-- The zones an alert located in `located` counts in: its path from the organisation down (the
-- zones that exist); only the organisation when it is unlocated or placed outside it.
CREATE FUNCTION analytics_ancestors(org uuid, located uuid) RETURNS uuid[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT array_agg(step.id ORDER BY step.depth)
       FROM zones z
       CROSS JOIN LATERAL unnest(z.path[array_position(z.path, org):]) WITH ORDINALITY AS step(id, depth)
       WHERE z.id = located AND EXISTS (SELECT 1 FROM zones e WHERE e.id = step.id)),
    ARRAY[org])
$$;
--> statement-breakpoint
-- Adds (p_direction 1) or takes away (-1) one closed alert in every row it counts in: its day's
-- and its month's, of each zone of its path.
CREATE FUNCTION analytics_add_alert(
  p_org uuid, p_located uuid, p_created timestamptz, p_acknowledged timestamptz, p_closed timestamptz,
  p_mode text, p_details jsonb, p_direction integer
) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  zone_ids uuid[] := analytics_ancestors(p_org, p_located);
  local_day date := (p_created AT TIME ZONE analytics_time_zone(p_org))::date;
BEGIN
  INSERT INTO analytics_alert_days AS r (org_id, zone_id, grain, day, mode, alerts, acknowledge_hist, close_hist, details)
  SELECT p_org, z.id, g.grain, g.day, p_mode, p_direction,
    p_direction * analytics_duration_unit(p_created, p_acknowledged),
    p_direction * analytics_duration_unit(p_created, p_closed),
    p_direction * CASE WHEN p_details IS NULL THEN 0 ELSE analytics_details_unit(p_details) END
  FROM unnest(zone_ids) AS z(id)
  CROSS JOIN (VALUES ('day', local_day), ('month', date_trunc('month', local_day::timestamp)::date)) AS g(grain, day)
  ON CONFLICT (zone_id, grain, day, mode) DO UPDATE SET
    alerts = r.alerts + excluded.alerts,
    acknowledge_hist = r.acknowledge_hist + excluded.acknowledge_hist,
    close_hist = r.close_hist + excluded.close_hist,
    details = r.details + excluded.details;
  IF p_direction < 0 THEN
    DELETE FROM analytics_alert_days r
     WHERE r.zone_id = ANY (zone_ids) AND r.mode = p_mode AND r.alerts = 0
       AND ((r.grain = 'day' AND r.day = local_day) OR (r.grain = 'month' AND r.day = date_trunc('month', local_day::timestamp)::date));
  END IF;
END
$$;
--> statement-breakpoint
-- An alert's rows as it was (if closed) go, as it is (if closed) come.
CREATE FUNCTION analytics_alert_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.closed_at IS NOT NULL THEN
      PERFORM analytics_add_alert(OLD.org_id, coalesce(OLD.zone_id, OLD.org_id), OLD.created_at,
        OLD.acknowledged_at, OLD.closed_at, OLD.mode, OLD.reason_details, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.closed_at IS NOT NULL THEN
      PERFORM analytics_add_alert(NEW.org_id, coalesce(NEW.zone_id, NEW.org_id), NEW.created_at,
        NEW.acknowledged_at, NEW.closed_at, NEW.mode, NEW.reason_details, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Open alerts never call it: ingest's inserts and updates leave these triggers' conditions false.
CREATE TRIGGER analytics_alerts_insert AFTER INSERT ON alerts
  FOR EACH ROW WHEN (NEW.closed_at IS NOT NULL) EXECUTE FUNCTION analytics_alert_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_alerts_update
  AFTER UPDATE OF org_id, zone_id, mode, created_at, acknowledged_at, closed_at, reason_details ON alerts
  FOR EACH ROW WHEN (
    (OLD.closed_at IS NOT NULL OR NEW.closed_at IS NOT NULL)
    AND (OLD.org_id, OLD.zone_id, OLD.mode, OLD.created_at, OLD.acknowledged_at, OLD.closed_at, OLD.reason_details)
      IS DISTINCT FROM
        (NEW.org_id, NEW.zone_id, NEW.mode, NEW.created_at, NEW.acknowledged_at, NEW.closed_at, NEW.reason_details)
  ) EXECUTE FUNCTION analytics_alert_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_alerts_delete AFTER DELETE ON alerts
  FOR EACH ROW WHEN (OLD.closed_at IS NOT NULL) EXECUTE FUNCTION analytics_alert_changed();
--> statement-breakpoint
-- Adds (1) or takes away (-1) the rows of `p_zone` (its subtree's alerts) to or from `p_targets`.
CREATE FUNCTION analytics_shift_zone(p_zone uuid, p_targets uuid[], p_direction integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(p_targets), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO analytics_alert_days AS r (org_id, zone_id, grain, day, mode, alerts, acknowledge_hist, close_hist, details)
  SELECT s.org_id, t.id, s.grain, s.day, s.mode, p_direction * s.alerts, p_direction * s.acknowledge_hist,
    p_direction * s.close_hist, p_direction * s.details
  FROM analytics_alert_days s CROSS JOIN (SELECT DISTINCT id FROM unnest(p_targets) AS u(id)) AS t
  WHERE s.zone_id = p_zone
  ON CONFLICT (zone_id, grain, day, mode) DO UPDATE SET
    alerts = r.alerts + excluded.alerts,
    acknowledge_hist = r.acknowledge_hist + excluded.acknowledge_hist,
    close_hist = r.close_hist + excluded.close_hist,
    details = r.details + excluded.details;
  IF p_direction < 0 THEN
    DELETE FROM analytics_alert_days r WHERE r.zone_id = ANY (p_targets) AND r.alerts = 0;
  END IF;
END
$$;
--> statement-breakpoint
-- A moved zone (the one whose parent changed; its subtree's paths change in the same statement):
-- its rows, which hold its subtree's alerts, leave the old ancestors and join the new ones.
CREATE FUNCTION analytics_zone_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_parents uuid[] := OLD.path[1:array_length(OLD.path, 1) - 1];
  new_parents uuid[] := NEW.path[1:array_length(NEW.path, 1) - 1];
BEGIN
  IF old_parents[array_length(old_parents, 1)] IS NOT DISTINCT FROM new_parents[array_length(new_parents, 1)] THEN
    RETURN NULL;
  END IF;
  PERFORM analytics_shift_zone(NEW.id, ARRAY(SELECT unnest(old_parents) EXCEPT SELECT unnest(new_parents)), -1);
  PERFORM analytics_shift_zone(NEW.id, ARRAY(SELECT unnest(new_parents) EXCEPT SELECT unnest(old_parents)), 1);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_zones_path AFTER UPDATE OF path ON zones
  FOR EACH ROW WHEN (OLD.path IS DISTINCT FROM NEW.path) EXECUTE FUNCTION analytics_zone_moved();
--> statement-breakpoint
-- A deleted zone's alerts become the organisation's (their zone is set null): the zones between
-- the organisation and it lose them, and its own rows go.
CREATE FUNCTION analytics_zone_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  org uuid;
BEGIN
  SELECT r.org_id INTO org FROM analytics_alert_days r WHERE r.zone_id = OLD.id LIMIT 1;
  IF org IS NOT NULL THEN
    PERFORM analytics_shift_zone(OLD.id,
      OLD.path[array_position(OLD.path, org) + 1:array_length(OLD.path, 1) - 1], -1);
    DELETE FROM analytics_alert_days r WHERE r.zone_id = OLD.id;
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_zones_delete BEFORE DELETE ON zones
  FOR EACH ROW EXECUTE FUNCTION analytics_zone_deleted();
--> statement-breakpoint
-- The rows of an organisation recomputed from its raw alerts: what the table must hold (the tests
-- compare the two), and what a rebuild writes. Each alert is read once, into the day rows of the
-- zone it is placed in; those are summed up its path, then into months.
CREATE FUNCTION analytics_rollup_rows(p_org uuid)
RETURNS TABLE (zone_id uuid, grain text, day date, mode text, alerts integer, acknowledge_hist numeric, close_hist numeric, details numeric)
LANGUAGE sql STABLE AS $$
  WITH tz AS MATERIALIZED (
    SELECT analytics_time_zone(p_org) AS name
  ), leaf AS (
    SELECT coalesce(a.zone_id, a.org_id) AS located, (a.created_at AT TIME ZONE tz.name)::date AS day, a.mode,
      count(*)::integer AS alerts,
      sum(analytics_duration_unit(a.created_at, a.acknowledged_at)) AS acknowledge_hist,
      sum(analytics_duration_unit(a.created_at, a.closed_at)) AS close_hist,
      sum(CASE WHEN a.reason_details IS NULL THEN 0 ELSE analytics_details_unit(a.reason_details) END) AS details
    FROM alerts a CROSS JOIN tz
    WHERE a.org_id = p_org AND a.closed_at IS NOT NULL
    GROUP BY 1, 2, 3
  ), placed AS (
    SELECT l.located, analytics_ancestors(p_org, l.located) AS zone_ids
    FROM (SELECT DISTINCT leaf.located FROM leaf) AS l
  ), days AS MATERIALIZED (
    SELECT z.id AS zone_id, leaf.day, leaf.mode, sum(leaf.alerts)::integer AS alerts,
      sum(leaf.acknowledge_hist) AS acknowledge_hist, sum(leaf.close_hist) AS close_hist, sum(leaf.details) AS details
    FROM leaf JOIN placed ON placed.located = leaf.located
    CROSS JOIN LATERAL unnest(placed.zone_ids) AS z(id)
    GROUP BY 1, 2, 3
  )
  SELECT d.zone_id, 'day', d.day, d.mode, d.alerts, d.acknowledge_hist, d.close_hist, d.details FROM days d
  UNION ALL
  SELECT d.zone_id, 'month', date_trunc('month', d.day::timestamp)::date, d.mode, sum(d.alerts)::integer,
    sum(d.acknowledge_hist), sum(d.close_hist), sum(d.details)
  FROM days d GROUP BY 1, 3, 4
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_rebuild(p_org uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_alert_days r WHERE r.org_id = p_org;
  INSERT INTO analytics_alert_days (org_id, zone_id, grain, day, mode, alerts, acknowledge_hist, close_hist, details)
  SELECT p_org, r.zone_id, r.grain, r.day, r.mode, r.alerts, r.acknowledge_hist, r.close_hist, r.details
  FROM analytics_rollup_rows(p_org) AS r;
END
$$;
--> statement-breakpoint
-- Its local days change with the organisation's time zone: the organisation's rows are rebuilt.
CREATE FUNCTION analytics_org_time_zone_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_rebuild(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_zones_time_zone AFTER UPDATE OF config ON zones
  FOR EACH ROW WHEN (NEW.level = 'org' AND (OLD.config->>'timeZone') IS DISTINCT FROM (NEW.config->>'timeZone'))
  EXECUTE FUNCTION analytics_org_time_zone_changed();
--> statement-breakpoint
-- The alerts closed before this migration.
SELECT analytics_rebuild(id) FROM zones WHERE level = 'org';
