import type { IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { parseError, unsupportedMediaType } from './errors.ts';
import { pythonJsonError } from './python-json-error.ts';

/** What a handler sees of an HTTP request. The body is parsed on first use, as DRF does. */
export class ApiRequest {
  readonly method: string;
  readonly pathname: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  /** `http://host[:port]` taken from the request's own Host header, for absolute `next`/`previous` URLs. */
  readonly origin: string;
  /** The path and query exactly as received (DRF's `get_full_path`). */
  readonly fullPath: string;
  params: Record<string, string> = {};
  private readonly raw: Buffer;
  private parsed: { value: unknown } | undefined;

  constructor(method: string, url: string, headers: IncomingHttpHeaders, raw: Buffer) {
    this.method = method;
    this.headers = headers;
    this.raw = raw;
    this.fullPath = url;
    this.origin = `${forwardedProto(headers)}://${headers.host ?? 'localhost'}`;
    const queryStart = url.indexOf('?');
    this.pathname = queryStart === -1 ? url : url.slice(0, queryStart);
    this.query = new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1));
  }

  /** A query parameter as Django's `QueryDict` reads it: the last value when repeated. */
  param(name: string): string | null {
    return this.query.getAll(name).at(-1) ?? null;
  }

  get hasBody(): boolean {
    return this.raw.length > 0;
  }

  /** The parsed body: JSON (or a form), `{}` when empty. Throws the DRF parse error on malformed JSON. */
  body(): unknown {
    if (!this.parsed) this.parsed = { value: this.parse() };
    return this.parsed.value;
  }

  /** The body decoded (gzip accepted, as SDKs compress), for the SDK routes that read it leniently. */
  text(): string {
    const encoding = this.headers['content-encoding'];
    return (encoding === 'gzip' ? gunzipSync(this.raw) : this.raw).toString('utf8');
  }

  private parse(): unknown {
    if (this.raw.length === 0) return {};
    const contentType = (this.headers['content-type'] ?? 'application/json').split(';')[0]!.trim().toLowerCase();
    if (contentType === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(this.raw.toString('utf8')));
    if (contentType !== 'application/json' && !contentType.endsWith('+json')) throw unsupportedMediaType(contentType);
    const text = this.raw.toString('utf8');
    try {
      return JSON.parse(text);
    } catch (error) {
      throw parseError(pythonJsonError(text) ?? (error instanceof Error ? error.message : String(error)));
    }
  }
}

/**
 * `https` only when a proxy says so in `X-Forwarded-Proto` (Django's `SECURE_PROXY_SSL_HEADER`, as the real
 * service runs behind its load balancer); `X-Forwarded-Host` is not trusted, as Django does not by default.
 */
function forwardedProto(headers: IncomingHttpHeaders): 'http' | 'https' {
  const value = headers['x-forwarded-proto'];
  const first = (typeof value === 'string' ? value : '').split(',')[0]!.trim().toLowerCase();
  return first === 'https' ? 'https' : 'http';
}

/** A handler's answer. `body` is serialized as JSON; `raw` is sent as is; neither means an empty body. */
export interface ApiResponse {
  status: number;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

export const ok = (body: unknown, status = 200): ApiResponse => ({ status, body });
export const noContent = (): ApiResponse => ({ status: 204 });
