-- The organisation's alerts per month over the last 12 months, test alerts left out: how many, of
-- each mode, how many were acknowledged, and the median seconds to acknowledge and to close.
-- Months in the organisation's time zone. SPEC §7 POST bigquery/routines/analytics {args:[org]}.
create or replace function report_routines.analytics(org uuid)
returns table (
  month date, alerts bigint, help bigint, danger bigint, acknowledged bigint,
  median_acknowledge_s numeric, median_close_s numeric
)
language sql stable
as $$
  with tz as (
    select coalesce(nullif(z.config->>'timeZone', ''), 'UTC') as name from zones z where z.id = org
  ),
  recent as (
    select date_trunc('month', a.created_at at time zone tz.name)::date as month, a.mode,
      extract(epoch from a.acknowledged_at - a.created_at) as acknowledge_s,
      extract(epoch from a.closed_at - a.created_at) as close_s,
      a.acknowledged_at
    from alerts a cross join tz
    where a.org_id = org and a.mode <> 'test'
      and a.created_at >= (date_trunc('month', now() at time zone tz.name) - interval '11 months') at time zone tz.name
  )
  select r.month, count(*)::bigint,
    count(*) filter (where r.mode = 'help')::bigint,
    count(*) filter (where r.mode = 'danger')::bigint,
    count(r.acknowledged_at)::bigint,
    round((percentile_cont(0.5) within group (order by r.acknowledge_s))::numeric, 1),
    round((percentile_cont(0.5) within group (order by r.close_s))::numeric, 1)
  from recent r
  group by r.month
  order by r.month desc
$$;
