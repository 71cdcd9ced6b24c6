import type { FeatureFlag } from '../permissions/feature-flags';
import { matchRoute } from './route-match';
import type { NavigationContext } from './navigation';
import { SIDEBAR } from './sidebar';

// What the browser tab says: the screen's name, after the count of open alerts when there are any,
// so that a console in a background tab shows them ("(2) Alerts · Vigil").

export const PRODUCT_NAME = 'Vigil';

/** The features of SPEC §6's zone flags, as the error page names one that is off. */
export const FEATURE_NAMES: Readonly<Record<FeatureFlag, string>> = {
  reasonDetails: 'alert reason details',
  responderTools: 'responder tools',
  export: 'data export',
  showProtectAppQrLogin: 'mobile app login',
  outdoor: 'outdoor',
  tagManagement: 'tag management',
  danger: 'dangerous locations',
  noAutoPan: 'no auto-pan',
  video: 'video',
  kioskLogout: 'kiosk sign-out',
};

const SIDEBAR_ENTRIES = SIDEBAR.flatMap((group) => group.entries);

/**
 * The name of the screen at `pathname`: its sidebar entry's title where the path is one (with the
 * entry's title for the zone's flags), else its route's title with the parameters filled in.
 */
export function screenTitle(pathname: string, flags: NavigationContext['flags'] = {}): string | undefined {
  const match = matchRoute(pathname);
  if (!match) return undefined;
  const path = pathname.replace(/\/+$/, '') || '/';
  const entry = SIDEBAR_ENTRIES.find((e) => e.routeId === match.route.id && e.path === path);
  if (entry)
    return entry.titleWhen && flags[entry.titleWhen.flag] === true ? entry.titleWhen.title : entry.title;
  return match.route.title.replace(/:(\w+)/g, (_, name: string) => match.params[name] ?? '').trim();
}

/** The document title: "(2) Alerts · Vigil" with open alerts, "Tags · Vigil" without. */
export function documentTitle(screen: string | undefined, openAlerts = 0): string {
  const count = openAlerts > 0 ? `(${openAlerts}) ` : '';
  return `${count}${screen ? `${screen} · ` : ''}${PRODUCT_NAME}`;
}
