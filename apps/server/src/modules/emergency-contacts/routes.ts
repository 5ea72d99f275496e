import { emergencyContactRequestSchema, emergencyContactSchema, idParamsSchema } from '@coride/domain';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { errorResponses } from '../../lib/error-responses';
import { currentUser, requireRole } from '../../plugins/auth';
import type { EmergencyContactsService } from './service';

const errors = errorResponses(400, 401, 404, 422);

/** Every signed-in user's own emergency contacts (contract §9); another user's contact is 404. */
export function emergencyContactsRoutes(contacts: EmergencyContactsService) {
  return async (app: AppInstance) => {
    app.get(
      '/api/users/me/emergency-contacts',
      { onRequest: requireRole(), schema: { response: { 200: z.array(emergencyContactSchema), ...errors } } },
      async (request) => contacts.list(currentUser(request).id),
    );

    app.post(
      '/api/users/me/emergency-contacts',
      { onRequest: requireRole(), schema: { body: emergencyContactRequestSchema, response: { 201: emergencyContactSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await contacts.add(currentUser(request).id, request.body)),
    );

    app.delete(
      '/api/users/me/emergency-contacts/:id',
      { onRequest: requireRole(), schema: { params: idParamsSchema, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
      async (request) => {
        await contacts.remove(currentUser(request).id, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
