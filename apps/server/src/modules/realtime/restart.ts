import { CLOSE_SERVICE_RESTART, SERVICE_RESTART_REASON } from '@coride/domain/reconnect';

/** What closing needs of the WebSocket server: its open sockets. */
type SocketServer = { clients: Set<{ close(code: number, reason: string): void }> };

/**
 * Closes every socket with 1012 (service restart) as the app closes: the apps reconnect soon, each
 * after a random wait, through the load balancer to a process that stays. Runs before the websocket
 * plugin's own close, which would close them without a code (the apps would back off as after a
 * failure). The users' rides are unaffected: the apps re-read them over HTTP once reconnected.
 */
export function closeSocketsForRestart(server: SocketServer | undefined): number {
  if (!server) return 0;
  let closed = 0;
  for (const socket of server.clients) {
    socket.close(CLOSE_SERVICE_RESTART, SERVICE_RESTART_REASON);
    closed += 1;
  }
  return closed;
}
