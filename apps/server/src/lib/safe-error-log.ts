/**
 * What a logged error may say. A failed query's error carries the row it was writing: drizzle's
 * DrizzleQueryError puts every parameter in its message (and in `params`), and PostgreSQL's own
 * error puts values in `detail` ("Key (email)=(a@b.c) already exists") and in some messages
 * ('invalid input syntax for type uuid: "..."'). Those are password hashes, token hashes, emails,
 * phones and addresses, so a logged error keeps the statement text (placeholders, never values),
 * the SQLSTATE code and the names of the constraint, table and column, and nothing else of the query.
 */

export type SerializedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  /** The SQL text with $1-style placeholders, cut to a length a log line can carry. */
  statement?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: SerializedError;
  [key: string]: unknown;
};

const MAX_STATEMENT_CHARS = 2000;
const MAX_DEPTH = 5;
/** Own properties of other errors that may carry values, never copied into a log line. */
const hiddenKeys = new Set(['query', 'params', 'parameters', 'values', 'detail', 'where', 'internalQuery', 'hint', 'cause', 'errors', 'stack', 'message']);

type Fields = Record<string, unknown>;

const stringField = (error: Fields, key: string): string | undefined => (typeof error[key] === 'string' ? error[key] : undefined);

/** drizzle's wrapper (query and params) or pg's DatabaseError (a SQLSTATE code and a severity). */
function isQueryError(error: Fields): boolean {
  return 'params' in error || typeof error.query === 'string' || (typeof error.code === 'string' && typeof error.severity === 'string');
}

/** Removes values from a PostgreSQL message: a quoted value after "value " or ": " goes. */
function withoutQuotedValues(message: string): string {
  return message.replace(/(value |: )"(?:[^"]|"")*"/g, '$1"[redacted]"');
}

function withoutParams(text: string, params: unknown[]): string {
  let safe = text;
  for (const param of params) {
    const value = param instanceof Date ? param.toISOString() : typeof param === 'object' && param !== null ? JSON.stringify(param) : String(param);
    // Short values (true, 1, a role) are not secrets, and replacing them would shred the message.
    if (value.length >= 4) safe = safe.split(value).join('[redacted]');
  }
  return safe;
}

/** The message a query error may log: drizzle's "Failed query: ... params: ..." becomes its cause's. */
function safeQueryMessage(error: Fields & Error, params: unknown[]): string {
  if (error.message.startsWith('Failed query:')) return 'Failed query';
  return withoutParams(withoutQuotedValues(error.message), params);
}

/** The stack's frames under a message that may be logged (the stack's first lines repeat the original message). */
function stackWithMessage(error: Error, type: string, message: string): string {
  const stack = typeof error.stack === 'string' ? error.stack : '';
  const header = `${error.name}: ${error.message}`;
  if (stack.startsWith(header)) return `${type}: ${message}${stack.slice(header.length)}`;
  const frames = stack.indexOf('\n    at ');
  return `${type}: ${message}${frames >= 0 ? stack.slice(frames) : ''}`;
}

function serialize(error: Error, depth: number, params: unknown[], parentStatement?: string): SerializedError {
  const fields = error as Error & Fields;
  const type = error.constructor.name || error.name;
  const out: SerializedError = { type, message: error.message, stack: '' };
  if (isQueryError(fields)) {
    out.message = safeQueryMessage(fields, params);
    for (const key of ['code', 'constraint', 'table', 'column', 'severity'] as const) {
      const value = stringField(fields, key);
      if (value !== undefined) out[key] = value;
    }
    const query = stringField(fields, 'query');
    const statement = query !== undefined && query.length > MAX_STATEMENT_CHARS ? `${query.slice(0, MAX_STATEMENT_CHARS)}…` : query;
    // PGlite's error repeats drizzle's statement: once is enough.
    if (statement !== undefined && statement !== parentStatement) out.statement = statement;
  } else {
    for (const [key, value] of Object.entries(fields)) {
      if (!hiddenKeys.has(key) && typeof value !== 'function') out[key] = value;
    }
    // A message built from a query error's message could repeat its values.
    if (params.length > 0) out.message = withoutParams(error.message, params);
  }
  // An error the database sent was built by the protocol parser: its frames say nothing about the caller.
  out.stack = typeof fields.severity === 'string' ? `${type}: ${out.message}` : stackWithMessage(error, type, out.message);
  if (error.cause !== undefined && depth < MAX_DEPTH) out.cause = serializeValue(error.cause, depth + 1, params, out.statement ?? parentStatement);
  return out;
}

function serializeValue(value: unknown, depth: number, params: unknown[], parentStatement?: string): SerializedError {
  if (value instanceof Error) return serialize(value, depth, params, parentStatement);
  const message = params.length > 0 ? withoutParams(String(value), params) : String(value);
  return { type: typeof value, message, stack: '' };
}

/** Every query parameter along the cause chain: a wrapping error's message may repeat its cause's. */
function paramsOfChain(error: unknown): unknown[] {
  const params: unknown[] = [];
  let current = error;
  for (let depth = 0; current instanceof Error && depth <= MAX_DEPTH; depth += 1) {
    const own = (current as Error & Fields).params;
    if (Array.isArray(own)) params.push(...(own as unknown[]));
    current = current.cause;
  }
  return params;
}

/** pino's `err` serializer for the app's logger (pino's own would print query errors whole, causes included). */
export function serializeError(error: unknown): SerializedError {
  return serializeValue(error, 0, paramsOfChain(error));
}

/**
 * pino `redact` paths: a second net for values that must never reach a log line, should a
 * serializer above miss them or a caller log such a field by name.
 */
export const secretLogPaths = [
  'password',
  'passwordHash',
  'token',
  'tokenHash',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.tokenHash',
  'err.params',
  'err.detail',
  'err.cause.params',
  'err.cause.detail',
  'req.headers.authorization',
];
