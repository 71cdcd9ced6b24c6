import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES } from '@vigil/domain/routes';
import { Root } from './root';
import { ScreenOutlet } from './screen-outlet';
import { isRegistered } from './screens';

/** The router, generated from the domain's route table (SPEC §2.1): registered screens only. */
export function createRouter() {
  const children: RouteObject[] = ROUTES.filter((route) => isRegistered(route.id)).map((route) => ({
    id: route.id,
    path: route.path,
    element: <ScreenOutlet routeId={route.id} />,
  }));
  children.push({ path: '*', element: <Navigate to="/error/404" replace /> });
  return createBrowserRouter([{ element: <Root />, children }]);
}
