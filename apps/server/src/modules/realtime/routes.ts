import { clientMessageSchema, type ServerMessage } from '@coride/domain';
import type { WebSocket } from '@fastify/websocket';
import type { AppInstance } from '../../app';
import type { AccountsService, AuthenticatedUser } from '../accounts/service';
import type { DriversService } from '../drivers/service';
import type { RealtimeHub } from './hub';

/** A socket that has not authenticated by then is closed (WS_AUTH_TIMEOUT_MS overrides it). */
const DEFAULT_AUTH_TIMEOUT_MS = 5000;
export const CLOSE_UNAUTHENTICATED = 4401;

/**
 * WebSocket /ws. The first message must be {type: "auth", token}; the spec's {type: "auth", userId}
 * would let anyone impersonate anyone and is refused. Tokens never travel in the URL.
 */
export function realtimeRoutes(deps: { accounts: AccountsService; hub: RealtimeHub; drivers: DriversService; authTimeoutMs?: number }) {
  const authTimeoutMs = deps.authTimeoutMs ?? DEFAULT_AUTH_TIMEOUT_MS;
  return async (app: AppInstance) => {
    app.get('/ws', { websocket: true }, (socket: WebSocket, request) => {
      let user: AuthenticatedUser | undefined;
      let unsubscribe: (() => void) | undefined;
      const send = (message: ServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const refuse = (error: string) => {
        send({ type: 'error', error, code: 'UNAUTHENTICATED' });
        socket.close(CLOSE_UNAUTHENTICATED, 'unauthenticated');
      };
      const authTimer = setTimeout(() => !user && refuse('Authenticate with {type: "auth", token} first'), authTimeoutMs);

      socket.on('message', async (raw: { toString(): string }) => {
        let data: unknown;
        try {
          data = JSON.parse(raw.toString());
        } catch {
          return send({ type: 'error', error: 'Messages must be JSON', code: 'BAD_REQUEST' });
        }
        const parsed = clientMessageSchema.safeParse(data);
        if (!user) {
          if (!parsed.success || parsed.data.type !== 'auth') return refuse('Authenticate with {type: "auth", token} first');
          const authenticated = await deps.accounts.authenticate(parsed.data.token).catch(() => undefined);
          if (!authenticated) return refuse('Invalid or expired token');
          user = authenticated;
          clearTimeout(authTimer);
          unsubscribe = deps.hub.subscribe(user.id, { send });
          if (user.role === 'driver') await deps.drivers.connected(user.id).catch((error: unknown) => request.log.warn({ err: error }, 'online session not resumed'));
          return send({ type: 'auth_ok', userId: user.id, role: user.role });
        }
        if (!parsed.success) return send({ type: 'error', error: 'Unknown message', code: 'BAD_REQUEST' });
        const message = parsed.data;
        if (message.type === 'ping') return send({ type: 'pong' });
        if (message.type === 'location_update') {
          if (user.role !== 'driver') return send({ type: 'error', error: 'Only drivers send locations', code: 'FORBIDDEN' });
          await deps.drivers.updateLocation(user.id, message.location).catch((error: unknown) => request.log.warn({ err: error }, 'location update failed'));
        }
      });

      socket.on('close', () => {
        clearTimeout(authTimer);
        unsubscribe?.();
        if (user?.role === 'driver' && !deps.hub.isConnected(user.id)) {
          const driverId = user.id;
          deps.drivers.disconnected(driverId).catch((error: unknown) => request.log.warn({ err: error }, 'online session not ended'));
        }
      });
    });
  };
}
