// What the Apollo and Mercurius baselines and the floor share: their command line (`--upstream <url>`,
// `--port`), one undici Pool to the upstream, a JSON call, and the gateway's global-id format
// (base64url of `Type:key:key`), so both read the same upstream the same way.
import { parseArgs } from 'node:util';
import { Pool } from 'undici';

export type Json = any; // upstream JSON, read field by field
export type Method = 'GET' | 'POST' | 'PATCH';

export interface RestUpstream {
  /** The port to listen on (0: any free one). */
  port: number;
  /** One upstream call with the caller's token; throws on a non-2xx answer. */
  call(token: string, method: Method, path: string, body?: unknown): Promise<Json>;
}

/** Reads `--upstream` and `--port` from the command line of `program` and opens the pool. */
export function restUpstream(program: string): RestUpstream {
  const { values } = parseArgs({ options: { upstream: { type: 'string' }, port: { type: 'string', default: '0' } } });
  if (!values.upstream) throw new Error(`${program}: --upstream <url> is required`);
  const pool = new Pool(values.upstream, { connections: 16 });
  return {
    port: Number(values.port),
    async call(token, method, path, body) {
      const answer = await pool.request({
        method,
        path,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json: Json = await answer.body.json();
      if (answer.statusCode >= 300) throw new Error(`upstream ${answer.statusCode} on ${method} ${path}`);
      return json;
    },
  };
}

export const globalId = (...parts: (string | number)[]) => Buffer.from(parts.join(':'), 'latin1').toString('base64url');
/** A global id's keys (the parts after the type name). */
export const idKeys = (id: string) => Buffer.from(id, 'base64url').toString('latin1').split(':').slice(1);
/** The gateway's cursor of the flag at `offset` in a flag list (src/relay/connection.ts: base64url of `FeatureFlag:<offset>`). */
export const flagCursor = (offset: number) => globalId('FeatureFlag', offset);
/** `Authorization: Bearer <token>` -> token ('' without one). */
export const bearer = (header: string | undefined) => /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
