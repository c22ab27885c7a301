// The benchmark's fast REST stub: it isolates the gateway's own cost from the upstream's. Each
// distinct request (method + URL) is forwarded once to the real local upstream (`--origin`), and
// its answer (status, body) is replayed from memory from then on, so every contender reads the
// same faithful JSON at almost no cost. Calls are counted per route template (numeric ids and
// UUIDs become `{id}`) and served at GET /__bench/calls; POST /__bench/reset zeroes them.
//
//   node bench/stub-upstream.ts --origin http://127.0.0.1:8010     (prints its URL when ready)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { request } from 'undici';

interface Recorded {
  status: number;
  body: Buffer;
}

const { values } = parseArgs({ options: { origin: { type: 'string' }, port: { type: 'string', default: '0' } } });
if (!values.origin) throw new Error('stub-upstream: --origin <url of the local upstream> is required');
const origin = values.origin;

const recorded = new Map<string, Promise<Recorded>>();
const calls = new Map<string, number>();

/** `/api/projects/12/feature_flags/7/?limit=50` -> `GET /api/projects/{id}/feature_flags/{id}/`. */
function routeOf(method: string, url: string): string {
  const path = url.split('?')[0]!;
  return `${method} ${path.replace(/\/(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?=\/|$)/gi, '/{id}')}`;
}

async function record(req: http.IncomingMessage, body: Buffer): Promise<Recorded> {
  const answer = await request(new URL(req.url!, origin), {
    method: req.method as 'GET',
    headers: { authorization: req.headers.authorization ?? '', 'content-type': req.headers['content-type'] ?? 'application/json' },
    ...(body.length > 0 ? { body } : {}),
  });
  return { status: answer.statusCode, body: Buffer.from(await answer.body.arrayBuffer()) };
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const server = http.createServer((req, res) => {
  void readBody(req).then(async (body) => {
    if (req.url === '/__bench/calls') return void res.end(JSON.stringify(Object.fromEntries(calls)));
    if (req.url === '/__bench/reset') return void (calls.clear(), res.end('{}'));
    const route = routeOf(req.method!, req.url!);
    calls.set(route, (calls.get(route) ?? 0) + 1);
    const key = `${req.method} ${req.url} ${req.headers.authorization ?? ''}`;
    let answer = recorded.get(key);
    if (!answer) recorded.set(key, (answer = record(req, body)));
    const { status, body: payload } = await answer;
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': payload.length });
    res.end(payload);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(values.port), '127.0.0.1', () => {
  console.log(`stub upstream http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
