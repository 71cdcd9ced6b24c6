import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES } from '@vigil/domain/routes';
import { ScreenError } from '../features/errors/screen-error';
import { Root } from './root';
import { ScreenOutlet } from './screen-outlet';
import { isRegistered } from './screens';

/** The app's routes, generated from the domain's route table (SPEC §2.1): registered screens only. */
export function appRoutes(): RouteObject[] {
  const children: RouteObject[] = ROUTES.filter((route) => isRegistered(route.id)).map((route) => ({
    id: route.id,
    path: route.path,
    element: <ScreenOutlet routeId={route.id} />,
    // A screen whose code does not arrive, or that breaks, says so in the layout, with Reload.
    errorElement: <ScreenError />,
  }));
  children.push({ path: '*', element: <Navigate to="/error/404" replace /> });
  return [{ element: <Root />, children }];
}

/** The router of the console. */
export function createRouter() {
  return createBrowserRouter(appRoutes());
}
