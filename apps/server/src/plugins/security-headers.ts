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

/** Security headers (@fastify/helmet's, for `options`) on every response, including errors and 404s. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: FastifyHelmetOptions) => {
    const headers = await helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      // On the raw response, as helmet does: a header a route sets itself takes precedence.
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
