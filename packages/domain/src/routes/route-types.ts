import type { FeatureFlag } from '../permissions/feature-flags';
import type { Permission } from '../permissions/model';
import type { RoleName } from '../permissions/roles';

/** The shape of SPEC §2.1's route table (route-table.ts holds the rows). */

/** 'user': a signed-in session; 'key': a kiosk session (an API key, or a user); 'none': public. */
export type RouteAuth = 'user' | 'none' | 'key';
export type RouteLayout = 'default' | 'noFooter' | 'empty' | 'kiosk' | 'logo' | 'loading';

export type AppRoute = {
  readonly id: string;
  /**
   * The screen's name in the browser tab ('Tags' → "Tags · Vigil"); ':name' is filled from the
   * route's parameters. A sidebar entry's own title wins on its path (Nodes, Indoor Gateways).
   */
  readonly title: string;
  /** React Router style: ':name' is a parameter, ':name?' an optional trailing one. */
  readonly path: string;
  readonly auth: RouteAuth;
  readonly layout: RouteLayout;
  /** The layout inside a mobile gateway app (SPEC §2.1 /floorplans). */
  readonly mobileAppLayout?: RouteLayout;
  readonly permission?: Permission;
  /** Alternatives, each a list of checks that must all pass. */
  readonly anyOf?: readonly (readonly Permission[])[];
  readonly featureFlag?: FeatureFlag;
  /** The kiosk roles this route belongs to; a kiosk role opens only routes naming it (SPEC §2.2). */
  readonly roles?: readonly RoleName[];
  /** A parameter that must match its pattern, else the path matches nothing (404). */
  readonly paramPattern?: Readonly<Record<string, RegExp>>;
  /** Where the route sends the user, its parameters filled in. */
  readonly redirectTo?: string;
};
