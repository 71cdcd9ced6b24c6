-- Alerts per unit per week over the last 12 weeks, test alerts left out. Weeks start on Monday in
-- the organisation's time zone; an alert placed above any unit counts under '(no unit)'.
create or replace function report_routines.alerts_per_unit_per_week(org uuid)
returns table (week date, building text, unit text, alerts bigint, help bigint, danger bigint)
language sql stable
as $$
  with tz as (
    select coalesce(nullif(z.config->>'timeZone', ''), 'UTC') as name from zones z where z.id = org
  ),
  counts as (
    select date_trunc('week', a.created_at at time zone tz.name)::date as week, a.zone_id,
      count(*) as alerts,
      count(*) filter (where a.mode = 'help') as help,
      count(*) filter (where a.mode = 'danger') as danger
    from alerts a cross join tz
    where a.org_id = org and a.mode <> 'test'
      and a.created_at >= (date_trunc('week', now() at time zone tz.name) - interval '11 weeks') at time zone tz.name
    group by 1, 2
  ),
  places as (
    select z.id as zone_id,
      (select u.id from zones u where u.id = any(z.path) and u.level = 'unit' limit 1) as unit_id,
      (select u.name from zones u where u.id = any(z.path) and u.level = 'unit' limit 1) as unit,
      (select b.name from zones b where b.id = any(z.path) and b.level = 'building' limit 1) as building
    from zones z
    where z.id in (select c.zone_id from counts c)
  )
  select c.week, p.building, coalesce(p.unit, '(no unit)'),
    sum(c.alerts)::bigint, sum(c.help)::bigint, sum(c.danger)::bigint
  from counts c left join places p on p.zone_id = c.zone_id
  group by c.week, p.unit_id, p.building, p.unit
  order by c.week desc, p.building nulls last, p.unit nulls last
$$;
