import { notificationPreferencesSchema } from '@coride/domain';
import type { AppInstance } from '../../lib/app-instance';
import { errorResponses } from '../../lib/error-responses';
import { currentUser, requireRole } from '../../plugins/auth';
import type { PreferencesService } from './service';

const errors = errorResponses(400, 401);

/** Every signed-in user's own notification preferences (contract §8; ADR 026). */
export function preferencesRoutes(preferences: PreferencesService) {
  return async (app: AppInstance) => {
    app.get(
      '/api/users/me/notification-preferences',
      { onRequest: requireRole(), schema: { response: { 200: notificationPreferencesSchema, ...errors } } },
      async (request) => preferences.read(currentUser(request).id),
    );

    app.put(
      '/api/users/me/notification-preferences',
      { onRequest: requireRole(), schema: { body: notificationPreferencesSchema, response: { 200: notificationPreferencesSchema, ...errors } } },
      async (request) => preferences.replace(currentUser(request).id, request.body),
    );
  };
}
