import { clientMessageSchema, type ServerMessage } from '@coride/domain';
import type { WebSocket } from '@fastify/websocket';
import type { AppInstance } from '../../lib/app-instance';
import { inSlices } from '../../lib/in-slices';
import type { AccountsService, AuthenticatedSession } from '../accounts/service';
import type { DriversService } from '../drivers/service';
import type { ConnectionRegistry } from './connections';
import type { RealtimeHub } from './hub';

/** A socket that has not authenticated by then is closed (WS_AUTH_TIMEOUT_MS overrides it). */
const DEFAULT_AUTH_TIMEOUT_MS = 5000;
/**
 * How often open sockets are compared with their session's expiry. A sweep with the app's clock, not
 * a timer per socket, so a moved test clock (and the e2e test clock) expires sessions as real time does.
 */
const DEFAULT_SESSION_CHECK_MS = 1000;
/** A WebSocket ping this often; a socket that has not answered the previous one is dropped (half-open TCP). */
const DEFAULT_HEARTBEAT_MS = 30_000;
/** Sockets pinged per turn of the event loop: messages are handled between slices (lib/in-slices.ts). */
const HEARTBEAT_SLICE = 250;
/**
 * Per-socket message budget: a burst of this many, refilled at MESSAGE_RATE_PER_SECOND. The apps send a
 * location a second and a ping now and then; a socket past the budget is closed (CLOSE_TOO_MANY_MESSAGES).
 */
const MESSAGE_BURST = 30;
const MESSAGE_RATE_PER_SECOND = 10;

/** The token is missing, invalid, expired or revoked: the apps stop reconnecting on this code. */
export const CLOSE_UNAUTHENTICATED = 4401;
/** RFC 6455 policy violation: the socket sent more messages than its budget. */
export const CLOSE_TOO_MANY_MESSAGES = 1008;

type RealtimeDeps = {
  accounts: AccountsService;
  hub: RealtimeHub;
  /** Who has a socket open on any live instance: a driver's online session ends with their last one anywhere. */
  connections: ConnectionRegistry;
  drivers: DriversService;
  /** The app's clock, for session expiry. */
  now?: () => Date;
  authTimeoutMs?: number;
  sessionCheckMs?: number;
  heartbeatMs?: number;
};

/**
 * A connection's life: `authenticating` is set before the token is checked, so a second `auth` frame
 * that arrives meanwhile is refused instead of subscribing a second time; `closed` tells a pending
 * check that the socket is gone, so it subscribes nothing.
 */
type Phase =
  { name: 'waiting' } | { name: 'authenticating' } | { name: 'authenticated'; user: AuthenticatedSession; unsubscribe: () => void } | { name: 'closed' };

/** What the periodic sweeps need of each open socket. */
type Connection = { phase: Phase; isAlive: boolean; socket: WebSocket; end(): void };

/**
 * WebSocket /ws. The first message must be {type: "auth", token}; the spec's {type: "auth", userId}
 * would let anyone impersonate anyone and is refused. Tokens never travel in the URL. A socket lives
 * no longer than its session: revoked (hub.endSessions, on any instance) or expired, it is closed
 * with 4401.
 */
export function realtimeRoutes(deps: RealtimeDeps) {
  const authTimeoutMs = deps.authTimeoutMs ?? DEFAULT_AUTH_TIMEOUT_MS;
  const now = deps.now ?? (() => new Date());
  const connections = new Set<Connection>();

  /**
   * A driver's online session ends when their last connection on any live instance closes. If one
   * opens meanwhile elsewhere (a reload that reached another process first), the session runs again.
   */
  async function connectionClosed(user: AuthenticatedSession): Promise<void> {
    const isStillConnected = await deps.connections.remove(user.id);
    if (user.role !== 'driver' || isStillConnected) return;
    await deps.drivers.disconnected(user.id);
    if (await deps.connections.isConnected(user.id)) await deps.drivers.connected(user.id);
  }

  return async (app: AppInstance) => {
    const sessionCheck = setInterval(() => {
      const at = now().getTime();
      for (const connection of connections) {
        const { phase } = connection;
        if (phase.name !== 'authenticated' || phase.user.expiresAt.getTime() > at) continue;
        // Nothing more reaches it even if the client is slow to finish the close handshake.
        phase.unsubscribe();
        connection.end();
      }
    }, deps.sessionCheckMs ?? DEFAULT_SESSION_CHECK_MS);
    let isClosing = false;
    const heartbeat = setInterval(() => {
      const beat = (connection: Connection) => {
        // Closed since the sweep began: nothing to ping.
        if (!connections.has(connection)) return;
        if (!connection.isAlive) {
          connection.socket.terminate();
          return;
        }
        connection.isAlive = false;
        connection.socket.ping();
      };
      inSlices([...connections], HEARTBEAT_SLICE, beat, () => isClosing).catch((error: unknown) => app.log.error({ err: error }, 'heartbeat sweep failed'));
    }, deps.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
    sessionCheck.unref();
    heartbeat.unref();
    app.addHook('onClose', async () => {
      isClosing = true;
      clearInterval(sessionCheck);
      clearInterval(heartbeat);
    });

    app.get('/ws', { websocket: true }, (socket: WebSocket, request) => {
      const send = (message: ServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const refuse = (error: string) => {
        send({ type: 'error', error, code: 'UNAUTHENTICATED' });
        socket.close(CLOSE_UNAUTHENTICATED, 'unauthenticated');
      };
      const connection: Connection = {
        phase: { name: 'waiting' },
        isAlive: true,
        socket,
        // The session was revoked or has expired: no error frame, the close code says it.
        end: () => socket.close(CLOSE_UNAUTHENTICATED, 'session ended'),
      };
      connections.add(connection);
      // A function, so the check after an await reads the phase as it is then.
      const hasClosed = () => connection.phase.name === 'closed';
      const authTimer = setTimeout(() => connection.phase.name !== 'authenticated' && refuse('Authenticate with {type: "auth", token} first'), authTimeoutMs);
      let budget = MESSAGE_BURST;
      let budgetAt = Date.now();

      socket.on('pong', () => {
        connection.isAlive = true;
      });

      const onMessage = async (raw: { toString(): string }) => {
        const at = Date.now();
        budget = Math.min(MESSAGE_BURST, budget + ((at - budgetAt) / 1000) * MESSAGE_RATE_PER_SECOND);
        budgetAt = at;
        if (budget < 1) return socket.close(CLOSE_TOO_MANY_MESSAGES, 'too many messages');
        budget -= 1;

        let data: unknown;
        try {
          data = JSON.parse(raw.toString());
        } catch {
          return send({ type: 'error', error: 'Messages must be JSON', code: 'BAD_REQUEST' });
        }
        const parsed = clientMessageSchema.safeParse(data);
        const { phase } = connection;
        if (phase.name === 'closed') return;
        if (phase.name === 'waiting') {
          if (!parsed.success || parsed.data.type !== 'auth') return refuse('Authenticate with {type: "auth", token} first');
          connection.phase = { name: 'authenticating' };
          const user = await deps.accounts.authenticate(parsed.data.token).catch(() => undefined);
          // Closed while the token was being checked: the close handler has run; subscribe nothing.
          if (hasClosed()) return;
          if (!user) return refuse('Invalid or expired token');
          clearTimeout(authTimer);
          const unsubscribe = deps.hub.subscribe(user.id, { send, session: { id: user.sessionId, end: connection.end } });
          connection.phase = { name: 'authenticated', user, unsubscribe };
          // Counted before the session opens, so a close elsewhere meanwhile sees this connection.
          await deps.connections.add(user.id).catch((error: unknown) => request.log.warn({ err: error }, 'connection not registered'));
          // Closed meanwhile: its close handler has counted it out (and ended the session if it was the last).
          if (hasClosed()) return;
          if (user.role === 'driver')
            await deps.drivers.connected(user.id).catch((error: unknown) => request.log.warn({ err: error }, 'online session not resumed'));
          // Not sent to a socket already closing (its session was revoked while the token was being checked).
          return send({ type: 'auth_ok', userId: user.id, role: user.role });
        }
        if (parsed.success && parsed.data.type === 'auth') {
          // One socket, one session: a second auth would subscribe it twice (or as someone else).
          return send({ type: 'error', error: 'This connection is already authenticated; open another to sign in again', code: 'CONFLICT' });
        }
        if (phase.name === 'authenticating') return send({ type: 'error', error: 'Wait for auth_ok before sending anything else', code: 'UNAUTHENTICATED' });
        if (!parsed.success) return send({ type: 'error', error: 'Unknown message', code: 'BAD_REQUEST' });
        const message = parsed.data;
        if (message.type === 'ping') return send({ type: 'pong' });
        if (message.type === 'location_update') {
          if (phase.user.role !== 'driver') return send({ type: 'error', error: 'Only drivers send locations', code: 'FORBIDDEN' });
          await deps.drivers
            .updateLocation(phase.user.id, message.location)
            .catch((error: unknown) => request.log.warn({ err: error }, 'location update failed'));
        }
      };
      // ws ignores a listener's promise: a failure must be logged here, never left unhandled.
      socket.on('message', (raw: { toString(): string }) => {
        onMessage(raw).catch((error: unknown) => request.log.error({ err: error }, 'socket message failed'));
      });

      socket.on('close', () => {
        clearTimeout(authTimer);
        connections.delete(connection);
        const { phase } = connection;
        connection.phase = { name: 'closed' };
        if (phase.name !== 'authenticated') return;
        phase.unsubscribe();
        // A close Redis could not record is settled by the registry's next heartbeat (jobs.ts).
        connectionClosed(phase.user).catch((error: unknown) => request.log.warn({ err: error }, 'online session not ended'));
      });
    });
  };
}
