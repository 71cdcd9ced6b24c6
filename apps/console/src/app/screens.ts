import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteId } from '@vigil/domain/routes';

type Screen = LazyExoticComponent<ComponentType>;
const screen = <M>(load: () => Promise<M>, name: keyof M): Screen =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

/**
 * The screens that exist, each its own lazy chunk. The router registers only these routes of the
 * domain's route table; every other path falls to /error/404 until its issue builds it.
 */
export const SCREENS: Partial<Record<RouteId, Screen | null>> = {
  root: null, // the guard always redirects from '/'
  login: screen(() => import('../features/login/login-screen'), 'LoginScreen'),
  error: screen(() => import('../features/errors/error-screen'), 'ErrorScreen'),
  zones: screen(() => import('../features/zones/zones-screen'), 'ZonesScreen'),
  users: screen(() => import('../features/users/users-screen'), 'UsersScreen'),
  roles: screen(() => import('../features/roles/roles-screen'), 'RolesScreen'),
  keys: screen(() => import('../features/keys/keys-screen'), 'KeysScreen'),
  alerts: screen(() => import('../features/alerts/alerts-screen'), 'AlertsScreen'),
  alert: screen(() => import('../features/alerts/alert-detail-screen'), 'AlertDetailScreen'),
  logAlerts: screen(() => import('../features/alerts/alert-log-screen'), 'AlertLogScreen'),
};

export const isRegistered = (routeId: RouteId): boolean => Object.hasOwn(SCREENS, routeId);
