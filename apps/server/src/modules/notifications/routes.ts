import { idParamsSchema, notificationSchema, pageQuerySchema, unreadCountSchema } from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { errorResponses } from '../../lib/error-responses';
import { sendPage } from '../../lib/paging';
import { currentUser, requireRole } from '../../plugins/auth';
import type { NotificationsService } from './service';

const errors = errorResponses(400, 401, 404);

/** Every signed-in user's own notifications; another user's are 404 (the service scopes each query to the caller). */
export function notificationsRoutes(notifications: NotificationsService) {
  return async (app: AppInstance) => {
    app.get(
      '/api/notifications',
      { onRequest: requireRole(), schema: { querystring: pageQuerySchema, response: { 200: z.array(notificationSchema), ...errors } } },
      async (request, reply) => sendPage(reply, await notifications.list(currentUser(request).id, request.query)),
    );

    app.get('/api/notifications/unread-count', { onRequest: requireRole(), schema: { response: { 200: unreadCountSchema, ...errors } } }, async (request) => ({
      unread: await notifications.unreadCount(currentUser(request).id),
    }));

    app.post(
      '/api/notifications/:id/read',
      { onRequest: requireRole(), schema: { params: idParamsSchema, response: { 200: notificationSchema, ...errors } } },
      async (request) => notifications.markRead(currentUser(request).id, request.params.id),
    );

    app.post(
      '/api/notifications/read-all',
      { onRequest: requireRole(), schema: { response: { 200: z.object({ marked: z.number().int() }), ...errors } } },
      async (request) => ({ marked: await notifications.markAllRead(currentUser(request).id) }),
    );
  };
}
