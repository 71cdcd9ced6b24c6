import type { AlertLinkView } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { HttpError } from '../platform/errors';
import { acknowledgeAs } from '../alerts';
import { alertLinkView, linkExpired, openAlertLink } from './link-view';

/**
 * POST /api/link/a/{token}/acknowledge (issue 16): acknowledges the link's alert in the name of its
 * recipient (`link:<id>`, '<recipient> (alert link)'), through the alerts' own acknowledgement; an
 * alert already acknowledged keeps its first acknowledger. Answers the page as it now is.
 */
export async function acknowledgeByLink(
  db: Db,
  token: string,
  requestId: string,
): Promise<{ view: AlertLinkView; alertId: string }> {
  const { link } = await openAlertLink(db, token);
  const by = { id: `link:${link.id}`, name: `${link.recipient} (alert link)` };
  try {
    const { alert } = await acknowledgeAs(db, link.alertId, { orgId: link.orgId, by, requestId });
    return { view: alertLinkView(link, alert), alertId: alert.id };
  } catch (err) {
    // Closed since the link was opened: for the link that is an expiry, not the alerts' 409.
    if (err instanceof HttpError && err.statusCode === 409) throw linkExpired();
    throw err;
  }
}
