-- Deployed tags per owner's department: the unit where the tag's owner (the person with the owner's
-- person id) is located. Tags without an owner count under '(no owner)', those whose owner is not a
-- located person under '(owner not located)', those whose owner is placed above any unit under '(no unit)'.
create or replace function report_routines.tags_deployed_per_department(org uuid)
returns table (department text, building text, tags bigint, owners bigint)
language sql stable
as $$
  with deployed as (
    select t.id, t.config->'owner'->>'personId' as person_id
    from tags t
    where t.org_id = org and t.config->>'state' = 'deployed'
  ),
  owned as (
    select d.id, d.person_id, p.zone_id
    from deployed d
    left join people p on p.org_id = org and p.person_id = d.person_id
  ),
  places as (
    select z.id as zone_id,
      (select u.id from zones u where u.id = any(z.path) and u.level = 'unit' limit 1) as unit_id,
      (select u.name from zones u where u.id = any(z.path) and u.level = 'unit' limit 1) as unit,
      (select b.name from zones b where b.id = any(z.path) and b.level = 'building' limit 1) as building
    from zones z
    where z.id in (select o.zone_id from owned o)
  )
  select
    case when o.person_id is null then '(no owner)'
      when o.zone_id is null then '(owner not located)'
      else coalesce(p.unit, '(no unit)') end,
    p.building,
    count(*),
    count(distinct o.person_id)
  from owned o left join places p on p.zone_id = o.zone_id
  group by 1, p.unit_id, p.building
  order by 1, 2 nulls last
$$;
