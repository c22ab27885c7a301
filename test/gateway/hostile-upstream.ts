// A deliberately faulty upstream for fault injection the local upstream cannot do: it sits in
// front of a real local upstream and forwards every request, unless a behaviour takes it over
// (trickle an answer, send one without end, apply a write and then drop the connection).
// It records each request's method, path and headers, and whether the gateway hung up early.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostileRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Resolves when the connection closes; `early` is true when the answer was not finished. */
  closed: Promise<{ early: boolean }>;
}

/** Takes over a request: return true when it answered (or dropped) it, false to forward it. */
export type Behaviour = (req: IncomingMessage, res: ServerResponse, forward: () => Promise<Forwarded>) => Promise<boolean>;

export interface Forwarded {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface HostileUpstream {
  url: string;
  requests: HostileRequest[];
  /** Behaviour for the next requests (null: forward everything). */
  behave(behaviour: Behaviour | null): void;
  /** Resolves with the next request that arrives. */
  nextRequest(): Promise<HostileRequest>;
  stop(): Promise<void>;
}

export async function startHostileUpstream(targetUrl: string): Promise<HostileUpstream> {
  let behaviour: Behaviour | null = null;
  const requests: HostileRequest[] = [];
  const waiting: Array<(r: HostileRequest) => void> = [];
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const closed = new Promise<{ early: boolean }>((resolve) => res.once('close', () => resolve({ early: !res.writableFinished })));
    const record: HostileRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, closed };
    requests.push(record);
    waiting.splice(0).forEach((resolve) => resolve(record));
    const body = await readAll(req);
    const forward = () => forwardTo(targetUrl, req, body);
    try {
      if (behaviour && (await behaviour(req, res, forward))) return;
      const answer = await forward();
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    } catch {
      res.destroy();
    }
  };
  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave: (next) => {
      behaviour = next;
    },
    nextRequest: () => new Promise((resolve) => waiting.push(resolve)),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function forwardTo(targetUrl: string, req: IncomingMessage, body: Buffer): Promise<Forwarded> {
  const headers: Record<string, string> = {};
  for (const name of ['authorization', 'content-type', 'accept']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const method = req.method ?? 'GET';
  const response = await fetch(new URL(req.url ?? '/', targetUrl), { method, headers, ...(body.length > 0 ? { body: new Uint8Array(body) } : {}) });
  return {
    status: response.status,
    headers: { 'content-type': response.headers.get('content-type') ?? 'application/json' },
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** Answers 200 and then sends `bytes` one at a time every `everyMs` (a valid JSON body, if it ever ends). */
export function trickle(everyMs: number, bytes = 200): Behaviour {
  return async (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const text = `{"count":0,"next":null,"previous":null,"results":[]${' '.repeat(bytes)}}`;
    for (let i = 0; i < text.length && !res.destroyed; i++) {
      res.write(text[i]);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    res.end();
    return true;
  };
}

/** Answers 200 with `megabytes` MB of a JSON string, in 64 KB chunks (stops when the gateway hangs up). */
export function hugeBody(megabytes: number): Behaviour {
  return async (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = 'x'.repeat(64 * 1024);
    res.write('{"count":0,"results":[],"padding":"');
    for (let sent = 0; sent < megabytes * 16 && !res.destroyed; sent++) {
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
    }
    res.end('"}');
    return true;
  };
}
