import { fieldErrors, type ApiError } from '@coride/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { RequestValidationError } from '../lib/zod-provider';

type Mapped = { status: number; body: ApiError };

/** Fastify's own 4xx errors, by code, in the contract's shape. */
const fastifyClientErrors: Record<string, Mapped> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, body: { error: 'The request body is not valid JSON', code: 'BAD_REQUEST' } },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, body: { error: 'The request body is empty', code: 'BAD_REQUEST' } },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, body: { error: 'The request body is too large', code: 'PAYLOAD_TOO_LARGE' } },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    body: { error: 'Send the request body as application/json', code: 'UNSUPPORTED_MEDIA_TYPE' },
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, body: { error: 'Invalid Content-Length', code: 'BAD_REQUEST' } },
};

/**
 * SQLSTATEs that say the database cannot serve right now, not that the request is wrong: cancelled by
 * statement_timeout (57014), the session ended by an administrator, a crash or a restart (57P0x),
 * too many connections (53300), a lock not granted (55P03) and the connection exceptions (class 08).
 */
const unavailableSqlStates = new Set(['57014', '57P01', '57P02', '57P03', '53300', '55P03']);
/** pg's own errors when a connection is lost or cannot be had (they carry no SQLSTATE). */
const lostConnectionMessage = /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error)/;
/** The socket's errors, trusted only under a query error: elsewhere they come from other services. */
const socketErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** A failed query that will likely succeed once the database is back: answered 503, not 500. */
function isDatabaseUnavailable(error: unknown): boolean {
  let isUnderQuery = false;
  let current = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableSqlStates.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof code === 'string' && isUnderQuery && socketErrorCodes.has(code)) return true;
    if (lostConnectionMessage.test(current.message)) return true;
    isUnderQuery ||= 'query' in current;
    current = current.cause;
  }
  return false;
}

function mapError(error: FastifyError | Error): Mapped | undefined {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: { error: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) } };
  }
  if (error instanceof RequestValidationError) {
    return { status: 400, body: { error: error.message, code: 'VALIDATION_FAILED', fields: fieldErrors(error.zodError) } };
  }
  const code = (error as FastifyError).code;
  if (code && fastifyClientErrors[code]) return fastifyClientErrors[code];
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { error: 'The service is briefly unavailable. Please try again in a moment.', code: 'UNAVAILABLE' } };
  }
  const status = (error as FastifyError).statusCode;
  if (status === 429) return { status, body: { error: 'Too many requests. Please slow down.', code: 'RATE_LIMITED' } };
  if (error instanceof SyntaxError || (status && status >= 400 && status < 500)) {
    return { status: status && status >= 400 && status < 500 ? status : 400, body: { error: 'Bad request', code: 'BAD_REQUEST' } };
  }
  return undefined;
}

/** The one error handler: client errors are answered as they are; anything else is logged and hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const mapped = mapError(error);
    if (mapped) {
      if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
      if (error instanceof AppError && error.headers) void reply.headers(error.headers);
      return reply.status(mapped.status).send(mapped.body);
    }
    request.log.error({ err: error, url: request.url, method: request.method }, 'unhandled error');
    const body: ApiError = { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' };
    return reply.status(500).send(body);
  });
}
