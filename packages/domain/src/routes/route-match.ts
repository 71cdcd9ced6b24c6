import { ROUTES, ROUTE_BY_ID, type AppRoute, type RouteId } from './route-table';

// SPEC §2.1: which route a pathname opens. A parameter must match the route's pattern (12 hex for
// /{id} and /v1/{type}/{id}); a static segment outranks a parameter; no match is error page 404.

type Segment = { param?: string; optional?: boolean; text: string };
const compiled = ROUTES.map((route) => ({
  route: route as AppRoute,
  segments: route.path
    .split('/')
    .filter(Boolean)
    .map((text): Segment => {
      if (!text.startsWith(':')) return { text };
      const optional = text.endsWith('?');
      return { text, param: text.slice(1, optional ? -1 : undefined), optional };
    }),
}));

export type RouteMatch = {
  route: AppRoute;
  params: Record<string, string>;
  /** Set when the route redirects (SPEC §2.1 /distribution/{station} → .../home). */
  redirect?: string;
};

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

function matchSegments(route: AppRoute, segments: readonly Segment[], parts: readonly string[]) {
  const required = segments.filter((segment) => !segment.optional).length;
  if (parts.length < required || parts.length > segments.length) return undefined;
  const params: Record<string, string> = {};
  const rank: number[] = [];
  for (const [index, part] of parts.entries()) {
    const segment = segments[index];
    if (segment.param === undefined) {
      if (segment.text !== part) return undefined;
      rank.push(2);
      continue;
    }
    const value = decode(part);
    if (value === undefined || !(route.paramPattern?.[segment.param]?.test(value) ?? true)) return undefined;
    params[segment.param] = value;
    rank.push(1);
  }
  return { params, rank };
}

// As in React Router, a static segment (2) outranks a parameter (1) at the first place they differ,
// so the answer does not hang on the order of ROUTES.
function outranks(rank: readonly number[], other: readonly number[]): boolean {
  const index = rank.findIndex((kind, i) => kind !== other[i]);
  return index !== -1 && rank[index] > (other[index] ?? 0);
}

const fill = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)\??/g, (_, name: string) => encodeURIComponent(params[name] ?? '')).replace(/\/+$/, '');

/** SPEC §2.1: the route a pathname opens, with its parameters; null means error page 404. */
export function matchRoute(pathname: string): RouteMatch | null {
  const parts = pathname.split('/').filter(Boolean);
  let best: { route: AppRoute; params: Record<string, string>; rank: number[] } | undefined;
  for (const { route, segments } of compiled) {
    const found = matchSegments(route, segments, parts);
    if (!found) continue;
    if (!best || outranks(found.rank, best.rank)) best = { route, ...found };
  }
  if (!best) return null;
  const { route, params } = best;
  return route.redirectTo ? { route, params, redirect: fill(route.redirectTo, params) } : { route, params };
}

/** SPEC §2.1: the path of a route with its parameters filled in (optional ones may be left out). */
export function routePath(routeId: RouteId, params: Record<string, string> = {}): string {
  return fill(ROUTE_BY_ID[routeId].path, params) || '/';
}
