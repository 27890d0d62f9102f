import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/**
 * What the simulators of outside services share: answering a request with a computed answer
 * (an error while computing it is a 500, as the real service's would be), and listening on a
 * local port with a close that does not wait for kept-alive connections to time out.
 */
export interface Answer {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
}

export function plain(status: number, body: string): Answer {
  return { status, contentType: 'text/plain; charset=utf-8', body };
}

/** An HTTP server that answers every request with `respond`'s answer. */
export function answeringServer(respond: (request: IncomingMessage) => Answer): Server {
  return createServer((request, response) => {
    let answer: Answer;
    try {
      answer = respond(request);
    } catch {
      answer = plain(500, 'Internal Server Error');
    }
    response.writeHead(answer.status, { 'content-type': answer.contentType, ...answer.headers });
    response.end(answer.body);
  });
}

export interface ListeningServer {
  /** `http://127.0.0.1:40123` (an IPv6 host in brackets), without a trailing slash. */
  origin: string;
  close(): Promise<void>;
}

/** Starts `server` on `host` (default 127.0.0.1) and `port` (default 0: a free one). */
export async function listenLocally(server: Server | HttpsServer, options: { port?: number; host?: string }, scheme: 'http' | 'https' = 'http'): Promise<ListeningServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return {
    origin: `${scheme}://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // fetch keeps connections alive; without this, close() would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}
