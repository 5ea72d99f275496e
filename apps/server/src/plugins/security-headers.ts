import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The app's security headers: a CSP that allows only its own scripts, and helmet's other defaults. */
export const appHelmetOptions: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      fontSrc: ["'self'", 'data:'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Served over plain http on localhost by default; HSTS belongs to the TLS-terminating proxy.
  hsts: false,
};

/**
 * The headers @fastify/helmet sets for these options, worked out once. For a fixed configuration
 * helmet sets the same headers on every response, but @fastify/helmet builds helmet's middleware
 * again for each request (parsing the CSP directives each time: about a tenth of a signed-in GET's
 * CPU, bench/api.ts). So a throwaway instance with the plugin answers one request, the headers the
 * plugin set before any route ran are recorded, and the app replays them.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify();
  let recorded: [string, string][] = [];
  try {
    await probe.register(helmet, options);
    // Registered after the plugin's own onRequest hooks, so it sees what they set, and only that.
    probe.addHook('onRequest', (_request, reply, done) => {
      recorded = Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]);
      done();
    });
    probe.get('/', async () => 'probe');
    const response = await probe.inject({ method: 'GET', url: '/' });
    if (response.statusCode !== 200) throw new Error(`the security headers probe answered ${response.statusCode}`);
  } finally {
    await probe.close();
  }
  if (recorded.length === 0) throw new Error('@fastify/helmet set no header');
  return recorded;
}

/**
 * The security headers that only mean something on a document (a page, a worker, an SVG opened on its
 * own): the CSP and the framing, opener, referrer and legacy-browser switches. A script, a stylesheet,
 * a font or a picture runs under its page's, so on those the headers are ~0.6 KB sent for nothing,
 * on each of a page's files. X-Content-Type-Options and Cross-Origin-Resource-Policy stay: they guard
 * the file itself.
 */
export const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * The security headers of an API answer (JSON under /api/): nothing in it is drawn as a page, so
 * helmet's page switches mean nothing there, and the strictest policy is the right one if a browser
 * opens it anyway: no content of any kind, no framing (OWASP REST security cheat sheet). What guards
 * the answer itself stays: nosniff, and same-origin resource policy (no cross-site `no-cors` read of
 * a signed-in answer). Three headers instead of eleven: about 0.5 KB less on every API answer, and
 * fewer headers for node:http to check and write (bench/api.ts measures the difference).
 */
export const apiSecurityHeaders: readonly (readonly [string, string])[] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['x-content-type-options', 'nosniff'],
];

export type SecurityHeadersOptions = {
  helmet: FastifyHelmetOptions;
  /**
   * Where the API lives: a request under `prefix` gets `apiSecurityHeaders`, except under one of
   * `documents` (pages the API serves, such as its Swagger UI), which get helmet's like every page.
   * Without it, every answer gets helmet's.
   */
  api?: { prefix: string; documents: readonly string[] };
};

/** Security headers on every response, including errors and 404s: the API's own set on API answers, helmet's (for `options.helmet`) on everything else. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const headers = await helmetHeaders(options.helmet);
    const api = options.api;
    const isApi = (url: string) => api !== undefined && url.startsWith(api.prefix) && !api.documents.some((prefix) => url.startsWith(prefix));
    const apiHeaders = Object.fromEntries(apiSecurityHeaders);
    app.addHook('onRequest', (request, reply, done) => {
      // A header a route sets itself takes precedence. An API answer's go with Fastify's own headers, so
      // node:http receives them all in writeHead (its fast path); the others on the raw response, as
      // helmet does, where the static files' handler takes the page-only ones off (app.ts).
      if (isApi(request.url)) reply.headers(apiHeaders);
      else for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
