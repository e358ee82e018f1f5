// The one place that imports uWebSockets.js, so another build of it can be swapped in here alone.
import uWS from 'uWebSockets.js';

export type {
  HttpRequest,
  HttpResponse,
  TemplatedApp,
  WebSocket,
  WebSocketBehavior,
  us_listen_socket as ListenSocket,
  us_socket_context_t as SocketContext,
} from 'uWebSockets.js';

// uSockets' LIBUS_LISTEN_EXCLUSIVE_PORT; the typings lack the (host, port, options, cb) form the binary has.
const LISTEN_EXCLUSIVE_PORT = 1;
type ListenWithOptions = (this: uWS.TemplatedApp, host: string, port: number, options: number, cb: (socket: uWS.us_listen_socket | false) => void) => void;

/** Creates a plain (non-TLS) uWebSockets.js app. */
export function createApp(): uWS.TemplatedApp {
  return uWS.App();
}

/**
 * Listens on host:port (0 picks a free port); resolves with the socket and the port bound. The port is
 * taken exclusively: by default uSockets sets SO_REUSEPORT, so a second node on a taken port would start
 * and silently share its connections with the first.
 */
export function listen(app: uWS.TemplatedApp, host: string, port: number): Promise<{ socket: uWS.us_listen_socket; port: number }> {
  return new Promise((resolve, reject) => {
    (app.listen as unknown as ListenWithOptions).call(app, host, port, LISTEN_EXCLUSIVE_PORT, (socket) => {
      if (!socket) {
        reject(new Error(`media server could not listen on ${host}:${port}`));
        return;
      }
      resolve({ socket, port: uWS.us_socket_local_port(socket as unknown as uWS.us_socket) });
    });
  });
}

/** Stops listening (open connections are closed by their owners). */
export function closeListenSocket(socket: uWS.us_listen_socket): void {
  uWS.us_listen_socket_close(socket);
}

/**
 * Upgrades a WebSocket request at once, inside uWS's upgrade handler, with the user data `data` makes of the
 * request's token (`?token=…` or `Authorization: Bearer …`; null when absent); the endpoint checks the token
 * once the socket is open (SocketAdmission). An upgrade finished later, after an await, lets uWS misread the
 * new socket's memory and close it right after open (uWebSockets.js issue 1108): clients saw 1006 at random.
 */
export function upgradeWithToken<T>(res: uWS.HttpResponse, req: uWS.HttpRequest, context: uWS.us_socket_context_t, data: (token: string | null) => T): void {
  const token = new URLSearchParams(req.getQuery() ?? '').get('token') ?? bearerToken(req.getHeader('authorization'));
  const key = req.getHeader('sec-websocket-key');
  const protocol = req.getHeader('sec-websocket-protocol').split(',')[0]?.trim() ?? '';
  const extensions = req.getHeader('sec-websocket-extensions');
  res.upgrade(data(token), key, protocol, extensions, context);
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
function bearerToken(header: string): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}
