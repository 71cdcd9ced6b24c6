import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { channelHealthSchema, deliveryListSchema, errorSchema, type ChannelKindName } from '@vigil/domain';
import { callerOf } from '../platform/access';
import { forbidden } from '../platform/errors';
import { listQueryString } from '../platform/list/query-string';
import { channelHealth, deliveryListSpec, listDeliveries } from './list-deliveries';
import { channelSettingsFrom } from './settings';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * Issue 16: the delivery log and the channels' health. The log of one alert (`alertId`) needs read
 * Alert, as the alert detail it is shown on; the whole log and the health need list Subscription
 * (the Notification Log screen, the admins' banner). The route declares the lesser of the two and
 * the handler asks for the other when no alert is named.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = channelSettingsFrom(app.config.notify);
  const configured = new Set(
    (['email', 'wctp', 'sms', 'webhook'] as const).filter((kind) => settings[kind]) as ChannelKindName[],
  );

  app.get(
    '/api/notifications/deliveries',
    {
      config: { permission: ['read', 'Alert'] },
      schema: {
        // `alertId` (a field of the list): only that alert's deliveries, with read Alert alone.
        querystring: listQueryString(deliveryListSpec),
        response: { 200: deliveryListSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const { alertId, ...rest } = req.query as Record<string, unknown>;
      if (alertId === undefined || alertId === '') {
        if (!caller.ability.can('list', 'Subscription'))
          throw forbidden('The notification log needs the list Subscription permission');
        return listDeliveries(app.db, caller.scope, rest);
      }
      return listDeliveries(app.db, caller.scope, { ...rest, alertId });
    },
  );

  app.get(
    '/api/notifications/health',
    {
      config: { permission: ['list', 'Subscription'] },
      schema: { response: { 200: channelHealthSchema, ...errors } },
    },
    async (req) => channelHealth(app.db, callerOf(req).scope.orgId, configured),
  );
};
