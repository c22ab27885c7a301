import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App } from './app.ts';
import { FaultQueue } from './http/faults.ts';
import { ApiRequest, type ApiResponse } from './http/request.ts';
import type { Store } from './storage/db.ts';
import { KeyThrottle, type RateLimitSetting } from './http/throttle.ts';
import { latencyDelay, type Latency } from './http/latency.ts';
import { DEFAULT_DELETION_DELAY_MS, ProjectDeletions } from './project-deletion.ts';

/**
 * The HTTP layer: plain `node:http` rather than fastify, because the real service's exact bodies for parse
 * errors, unknown paths and unrouted methods, the bare 405, and socket-level fault injection are all simpler
 * to get right without a framework's defaults in the way; the routing needed is a few dozen fixed paths.
 */

const MAX_BODY_BYTES = 20 * 1024 * 1024;
/**
 * The request log keeps at least the newest this many records; older ones are dropped in chunks, so a server
 * left running for weeks (`npm start`) does not grow without bound.
 */
const DEFAULT_REQUEST_LOG_LIMIT = 10_000;

export interface UpstreamRequestRecord {
  method: string;
  path: string;
  status: number;
  /** W3C trace context the caller sent, when it sent one (tests check it is forwarded). */
  traceparent?: string;
  tracestate?: string;
}

export interface HttpServerOptions {
  port: number;
  host: string;
  log: (message: string, error: unknown) => void;
}

/** How the server behaves like the real service under load (README "Rehearse production"). */
export interface ServiceBehaviour {
  requestLogLimit?: number;
  /** Per personal API key throttles (default `posthog`: the service's rates). */
  rateLimit?: RateLimitSetting;
  /** Added before every answer, uniformly drawn from [min, max] ms (default none). */
  latency?: Latency;
  /** How long a deleted project stays pending before its background removal (default 5000 ms). */
  deletionDelayMs?: number;
}

export class UpstreamHttpServer {
  readonly requests: UpstreamRequestRecord[] = [];
  readonly faults = new FaultQueue();
  private readonly app: App;
  private readonly server: Server;
  private readonly log: HttpServerOptions['log'];

  private readonly requestLogLimit: number;
  private readonly latency: Latency;
  private readonly deletions: ProjectDeletions;

  constructor(store: Store, log: HttpServerOptions['log'], behaviour: ServiceBehaviour = {}) {
    this.log = log;
    this.requestLogLimit = behaviour.requestLogLimit ?? DEFAULT_REQUEST_LOG_LIMIT;
    this.latency = behaviour.latency ?? { min: 0, max: 0 };
    this.deletions = new ProjectDeletions(store, behaviour.deletionDelayMs ?? DEFAULT_DELETION_DELAY_MS, log);
    this.deletions.resumePending();
    this.app = new App(store, log, new KeyThrottle(behaviour.rateLimit ?? 'posthog'), this.deletions);
    this.server = createServer((req, res) => this.onRequest(req, res));
    this.server.keepAliveTimeout = 65_000;
  }

  listen(port: number, host: string): Promise<string> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        const address = this.server.address() as AddressInfo;
        const hostname = address.family === 'IPv6' ? `[${address.address}]` : address.address;
        resolve(`http://${hostname}:${address.port}`);
      });
    });
  }

  close(): Promise<void> {
    this.deletions.stop();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        this.record(req.method ?? 'GET', (req.url ?? '/').split('?')[0]!, 413, req.headers);
        res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
        res.end(JSON.stringify({ type: 'invalid_request', code: 'request_too_large', detail: 'Request body too large.', attr: null }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      this.respond(req, res, Buffer.concat(chunks)).catch((error: unknown) => {
        this.log(`${req.method} ${req.url} could not be answered`, error);
        res.destroy();
      });
    });
    req.on('error', () => res.destroy());
  }

  private async respond(req: IncomingMessage, res: ServerResponse, raw: Buffer): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const request = new ApiRequest(method, req.url ?? '/', req.headers, raw);
    const delay = latencyDelay(this.latency);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const fault = this.faults.take(method, request.pathname);
    if (fault) {
      if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (fault.destroySocket) {
        this.record(method, request.pathname, 0, req.headers);
        res.socket?.destroy();
        return;
      }
      if (fault.status !== undefined) {
        this.record(method, request.pathname, fault.status, req.headers);
        res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
        res.end(fault.body ?? '');
        return;
      }
    }
    const response = this.app.handle(request);
    this.record(method, request.pathname, response.status, req.headers);
    send(res, response);
  }

  private record(method: string, path: string, status: number, headers: IncomingMessage['headers']): void {
    const { traceparent, tracestate } = headers;
    this.requests.push({
      method,
      path,
      status,
      ...(typeof traceparent === 'string' ? { traceparent } : {}),
      ...(typeof tracestate === 'string' ? { tracestate } : {}),
    });
    if (this.requests.length > 2 * this.requestLogLimit) this.requests.splice(0, this.requests.length - this.requestLogLimit);
  }
}

function send(res: ServerResponse, response: ApiResponse): void {
  const headers: Record<string, string> = { ...response.headers };
  let payload = '';
  if (response.raw !== undefined) payload = response.raw;
  else if (response.body !== undefined) {
    payload = JSON.stringify(response.body);
    headers['content-type'] ??= 'application/json';
  }
  if (payload) headers['content-length'] = String(Buffer.byteLength(payload));
  else if (response.status !== 204 && response.status !== 304) headers['content-length'] = '0';
  res.writeHead(response.status, headers);
  res.end(payload);
}
