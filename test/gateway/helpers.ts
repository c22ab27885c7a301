// End-to-end harness: a real local upstream and a real gateway on port 0, spoken to over HTTP.
// A test file calls `useStack(...)` once; the stack starts before its tests and stops after them.
// Its data is a seed written with test/fixtures/seed.ts (`twoOrgSeed()` unless told otherwise).
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { afterAll, beforeAll } from 'vitest';
import { startGateway, type GatewayOptions, type RunningGateway } from '../../src/server.ts';
import { startLocalUpstream, type LocalUpstream, type LocalUpstreamOptions, type SeedFile } from '../../local-upstream/index.ts';
import { twoOrgSeed } from '../fixtures/seed.ts';

export interface GraphQLResponse<T = Record<string, any>> {
  status: number;
  data?: T | null;
  errors?: Array<{ message: string; path?: (string | number)[]; extensions?: Record<string, any> }>;
  extensions?: Record<string, any>;
}

export interface CallOptions {
  /** Bearer token; defaults to the stack's first key; null sends no Authorization header. */
  token?: string | null;
  /** Ask for `extensions.upstream`. */
  report?: boolean;
  headers?: Record<string, string>;
}

export interface Stack {
  gatewayUrl: string;
  gateway: RunningGateway;
  upstream: LocalUpstream;
  keys: string[];
  /** A typed document (`graphql()` of ./generated/gql.ts): variables and result typed by the schema. */
  graphql<R, V>(document: TypedDocumentNode<R, V>, variables: NoInfer<V>, options?: CallOptions): Promise<GraphQLResponse<R>>;
  /** A plain string: ad-hoc documents, and documents that are invalid on purpose. */
  graphql<T = Record<string, any>>(query: string, variables?: Record<string, unknown>, options?: CallOptions): Promise<GraphQLResponse<T>>;
  stop(): Promise<void>;
}

export interface StackOptions {
  seed?: SeedFile;
  gateway?: Partial<GatewayOptions>;
  /** Local upstream options beyond the seed (e.g. `rateLimit`, `latencyMs`); its throttles are off unless set here. */
  upstream?: Omit<LocalUpstreamOptions, 'seed'>;
}

/**
 * The stack of one test file (or describe block): started in `beforeAll` with the options the
 * thunk returns then, stopped in `afterAll`. The returned object stands for the running stack.
 */
export function useStack(options: StackOptions | (() => StackOptions) = {}): Stack {
  let running: Stack | undefined;
  beforeAll(async () => {
    running = await startStack(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await running?.stop();
  });
  return new Proxy({} as Stack, {
    get(_target, property) {
      if (!running) throw new Error(`useStack: the stack is read (${String(property)}) before its beforeAll ran`);
      return Reflect.get(running, property) as unknown;
    },
  });
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  // The service's throttles are off: tests count upstream calls and make many; throttling tests opt in.
  const upstream = await startLocalUpstream({ seed: options.seed ?? twoOrgSeed(), quiet: true, rateLimit: 'off', ...options.upstream });
  // The read cache across requests is off unless a test opts in (`gateway: { upstreamCacheTtlMs }`): tests count
  // upstream calls and read straight after writing through REST, behind the gateway's back.
  const gateway = await startGateway({ upstreamUrl: upstream.url, port: 0, host: '127.0.0.1', upstreamCacheTtlMs: 0, ...options.gateway });
  const keys = upstream.seeded.keys.map((k) => k.api_key);
  return {
    gatewayUrl: gateway.url,
    gateway,
    upstream,
    keys,
    graphql: (document: Document, variables?: Record<string, unknown>, callOptions: CallOptions = {}) =>
      postGraphQL(gateway.url, documentText(document), variables, {
        ...callOptions,
        token: callOptions.token === undefined ? (keys[0] ?? null) : callOptions.token,
      }),
    async stop() {
      await gateway.stop();
      await upstream.stop();
    },
  };
}

type Document = TypedDocumentNode<unknown, unknown> | string;
const printed = new WeakMap<object, string>();

/** The text to send: a string as it is, a typed document printed once. */
function documentText(document: Document): string {
  if (typeof document === 'string') return document;
  let text = printed.get(document);
  if (text === undefined) printed.set(document, (text = print(document)));
  return text;
}

export async function postGraphQL<T>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<GraphQLResponse<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.report) headers['x-upstream-report'] = '1';
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const text = await response.text();
  try {
    return { status: response.status, ...(JSON.parse(text) as object) };
  } catch {
    throw new Error(`Gateway answered ${response.status} with non-JSON: ${text.slice(0, 300)}`);
  }
}

/** The upstream calls a report lists, as "METHOD route" strings. */
export function reportedCalls(response: GraphQLResponse): string[] {
  const calls = (response.extensions?.upstream?.calls ?? []) as Array<{ method: string; route: string }>;
  return calls.map((c) => `${c.method} ${c.route}`);
}

/** Fails with the whole response when it carries errors (so the test output explains itself). */
export function expectNoErrors<T>(response: GraphQLResponse<T>): T {
  if (response.errors?.length) throw new Error(`Unexpected GraphQL errors: ${JSON.stringify(response.errors, null, 2)}`);
  if (response.data == null) throw new Error(`No data in response: ${JSON.stringify(response)}`);
  return response.data;
}
