// DNS-rebinding protection for /mcp, as the MCP specification asks of HTTP servers (docs/mcp.md,
// "Security model"): a page on another site that makes its domain resolve to this gateway sends its
// own name as Host (and Origin). Only loopback names and those in MCP_ALLOWED_HOSTS are served;
// a request whose Origin names another host is refused too (browsers always send Origin on a
// cross-site POST). Written here rather than with the SDK's Express middleware because the Origin
// needs the same list and the refusal the same shape.
import type { IncomingHttpHeaders } from 'node:http';

/** The loopback names every gateway accepts. */
const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** Loopback plus the configured host names (MCP_ALLOWED_HOSTS), lower-cased, without ports. */
export function allowedHosts(configured: readonly string[] = []): ReadonlySet<string> {
  return new Set([...LOOPBACK_HOSTS, ...configured.map((host) => host.trim().toLowerCase()).filter(Boolean)]);
}

/** Why the request is refused (403), or undefined when its Host and Origin are allowed. */
export function hostRefusal(headers: IncomingHttpHeaders, allowed: ReadonlySet<string>): string | undefined {
  const host = headers.host === undefined ? undefined : hostOfHeader(headers.host);
  if (host === undefined || !allowed.has(host)) return `Host "${headers.host ?? ''}" is not allowed: add it to MCP_ALLOWED_HOSTS.`;
  const origin = headers.origin;
  if (origin !== undefined && origin !== 'null' && !allowed.has(hostnameOf(origin) ?? ''))
    return `Origin "${origin}" is not allowed: add its host to MCP_ALLOWED_HOSTS.`;
  if (origin === 'null') return 'Origin "null" is not allowed.';
  return undefined;
}

/**
 * `name:port` -> `name`, `[v6]:port` -> `[v6]`, lower-cased; undefined for anything else. Read by
 * hand rather than with `new URL()`, which costs more than the rest of the check on every call;
 * a name with characters a host name cannot have is refused.
 */
function hostOfHeader(header: string): string | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/.exec(header);
  return match?.[1]!.toLowerCase();
}

function hostnameOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}
