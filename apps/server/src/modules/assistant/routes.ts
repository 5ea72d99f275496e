import {
  answerTicketSchema,
  chatRequestSchema,
  chatResponseSchema,
  conversationSchema,
  conversationSummarySchema,
  idParamsSchema,
  mediationSchema,
  pageQuerySchema,
  supportTicketSchema,
  voiceRequestSchema,
  voiceResponseSchema,
} from '@coride/domain';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import type { SharedState } from '../../shared-state';
import { currentUser, requireRole } from '../../plugins/auth';
import { sendPage } from '../../lib/paging';
import type { MediationService } from './mediation';
import type { AssistantService } from './service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);

/** One budget per user, or per address for a signed-out voice caller (request.ip honours TRUST_PROXY). */
const turnKey = (request: FastifyRequest) => (request.auth ? `user:${request.auth.id}` : `ip:${request.ip}`);

/** The support chat, the voice assistant, support tickets and dispute mediation (contract §6; docs/assistant.md). */
export function assistantRoutes(assistant: AssistantService, mediation: MediationService, turnsPerMinute: number, shared?: SharedState) {
  return async (app: AppInstance) => {
    // Every turn costs a classification (or an AI endpoint call): a user gets a budget per minute on
    // each endpoint; over it the answer is 429 RATE_LIMITED with Retry-After. Counted in process, or
    // in Redis across instances when it is shared (and then not enforced while Redis is unreachable).
    await app.register(
      rateLimit,
      shared ? { global: false, redis: shared.redis, nameSpace: `${shared.prefix}ai-turns:`, skipOnError: true } : { global: false },
    );
    const turns = { rateLimit: { max: turnsPerMinute, timeWindow: 60_000, keyGenerator: turnKey } };

    app.post(
      '/api/ai/chat',
      { onRequest: requireRole(), config: turns, schema: { body: chatRequestSchema, response: { 200: chatResponseSchema, ...errors } } },
      async (request) => assistant.chat(currentUser(request), request.body),
    );

    app.get(
      '/api/ai/conversations',
      { onRequest: requireRole(), schema: { response: { 200: z.array(conversationSummarySchema), ...errors } } },
      async (request) => assistant.conversations(currentUser(request)),
    );

    app.get(
      '/api/ai/conversations/:id',
      { onRequest: requireRole(), schema: { params: idParamsSchema, response: { 200: conversationSchema, ...errors } } },
      async (request) => assistant.conversation(currentUser(request), request.params.id),
    );

    // Anyone, signed in or not: personal data only for a signed-in caller (request.auth is null otherwise).
    app.post(
      '/api/ai/voice-assistant',
      { config: turns, schema: { body: voiceRequestSchema, response: { 200: voiceResponseSchema, ...errors } } },
      async (request) => assistant.voice(request.auth, request.body),
    );

    app.get(
      '/api/support/tickets',
      { onRequest: requireRole('licensee', 'admin'), schema: { querystring: pageQuerySchema, response: { 200: z.array(supportTicketSchema), ...errors } } },
      async (request, reply) => sendPage(reply, await assistant.tickets(currentUser(request), request.query)),
    );

    app.post(
      '/api/support/tickets/:id/answer',
      {
        onRequest: requireRole('licensee', 'admin'),
        schema: { params: idParamsSchema, body: answerTicketSchema, response: { 200: supportTicketSchema, ...errors } },
      },
      async (request) => assistant.answerTicket(currentUser(request), request.params.id, request.body.answer),
    );

    app.get(
      '/api/disputes/:id/mediation',
      { onRequest: requireRole('licensee', 'admin'), schema: { params: idParamsSchema, response: { 200: mediationSchema, ...errors } } },
      async (request) => mediation.show(currentUser(request), request.params.id),
    );
  };
}
