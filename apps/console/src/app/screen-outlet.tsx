import type { RouteId } from '@vigil/domain/routes';
import { SCREENS } from './screens';

/** Renders a registered route's lazy screen (the Root above it has already guarded and laid out). */
export function ScreenOutlet({ routeId }: { routeId: RouteId }) {
  const Screen = SCREENS[routeId];
  return Screen ? <Screen /> : null;
}
