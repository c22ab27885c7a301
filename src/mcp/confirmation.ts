// The confirmation step of a write tool (MCP_MUTATIONS=explicit; docs/mcp.md, "Writes"). A stateless
// endpoint cannot use MCP elicitation: the client's answer to a server request arrives as a new
// HTTP request, which no process is waiting for, and the client's capabilities are only seen by the
// `initialize` request. So a write is a pair of calls: the first returns a token, the second,
// with the same arguments and that token, runs it. The token is an HMAC over the caller's key
// (as a digest), the tool, the arguments and an expiry: another key, other arguments or a late
// call are refused, and any worker or replica sharing MCP_CONFIRMATION_SECRET can check it. A
// token that checks is then spent (spent-tokens.ts): it confirms one write, not one per call.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MemorySpentTokens, spentTokenDigest, type Spend, type SpentTokens } from './spent-tokens.ts';

/** A token's random part: 128 bits, so no two tokens are ever the same. */
const NONCE_BYTES = 16;

/** How long a confirmation token is accepted. */
export const CONFIRMATION_TTL_MS = 5 * 60_000;

export type ConfirmationCheck = 'confirmed' | 'expired' | 'mismatch';
/** A token's use: `confirmed` runs the write; otherwise why it does not. */
export type ConfirmationUse = ConfirmationCheck | Exclude<Spend, 'first'>;

export class Confirmations {
  readonly #secret: Buffer;
  readonly #spent: SpentTokens;
  readonly #ttlMs: number;

  /**
   * `secret`: MCP_CONFIRMATION_SECRET (shared by replicas); default random, valid in this process only.
   * `spent`: where used tokens are recorded (Redis, the primary, or this process).
   */
  constructor(secret: string | undefined, spent: SpentTokens = new MemorySpentTokens(), ttlMs: number = CONFIRMATION_TTL_MS) {
    this.#secret = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
    this.#spent = spent;
    this.#ttlMs = ttlMs;
  }

  /**
   * A token for exactly this call by this key, and when it expires. The nonce makes every first call's
   * token its own: two first calls of one write within a second would otherwise get one token, and
   * the second write would find it spent.
   */
  issue(key: string, tool: string, args: Readonly<Record<string, unknown>>, now = Date.now()): { token: string; expiresAt: string } {
    const expires = Math.floor((now + this.#ttlMs) / 1000);
    const nonce = randomBytes(NONCE_BYTES).toString('base64url');
    const mac = this.#mac(key, tool, args, expires, nonce).toString('base64url');
    return { token: `${expires}.${nonce}.${mac}`, expiresAt: new Date(expires * 1000).toISOString() };
  }

  check(token: string, key: string, tool: string, args: Readonly<Record<string, unknown>>, now = Date.now()): ConfirmationCheck {
    // Only the one text `issue` writes for an expiry, nonce and MAC: a leading zero, or a last
    // character differing in the bits base64 leaves unused, would be another text for the same
    // token, which the record of spent tokens (a digest of the text) would not know.
    const match = /^([1-9]\d{0,11})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return 'mismatch';
    const [, expiresText, nonce, macText] = match as unknown as [string, string, string, string];
    const expires = Number(expiresText);
    const given = Buffer.from(macText, 'base64url');
    if (given.toString('base64url') !== macText) return 'mismatch';
    if (!timingSafeEqual(given, this.#mac(key, tool, args, expires, nonce))) return 'mismatch';
    return expires * 1000 < now ? 'expired' : 'confirmed';
  }

  /** Checks the token, then spends it: only its first use with this key and these arguments is `confirmed`. */
  async use(token: string, key: string, tool: string, args: Readonly<Record<string, unknown>>): Promise<ConfirmationUse> {
    const checked = this.check(token, key, tool, args);
    if (checked !== 'confirmed') return checked;
    const expiresAtMs = Number(token.slice(0, token.indexOf('.'))) * 1000;
    const spent = await this.#spent.spend(spentTokenDigest(token), expiresAtMs);
    return spent === 'first' ? 'confirmed' : spent;
  }

  #mac(key: string, tool: string, args: Readonly<Record<string, unknown>>, expires: number, nonce: string): Buffer {
    const keyDigest = createHash('sha256').update(key).digest('hex');
    return createHmac('sha256', this.#secret)
      .update(`${keyDigest}\n${tool}\n${canonicalJson(args)}\n${expires}\n${nonce}`)
      .digest();
  }
}

/** JSON with object keys sorted at every depth: the same arguments give the same text in any order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
