// Environment -> Config: defaults, parsing, and clear failures for bad values.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { UpstreamTransport } from '../../src/upstream-client/client/http.ts';
import { UPSTREAM_DEFAULTS, upstreamSettings } from '../../src/upstream-client/client/settings.ts';

describe('loadConfig', () => {
  it('has working defaults (embedded upstream, port 4000, 10 s upstream timeout)', () => {
    expect(loadConfig({}, [])).toEqual({
      port: 4000,
      host: '0.0.0.0',
      upstreamUrl: null,
      upstreamTimeoutMs: 10_000,
      operationTimeoutMs: 25_000,
      upstreamCallLimit: 300,
      upstreamMaxResponseBytes: 10 * 1024 * 1024,
      upstreamParseCacheBytes: 2 * 1024 * 1024,
      upstreamRetries: 2,
      upstreamRetryAfterMaxMs: 2_000,
      shutdownGraceMs: 10_000,
      upstreamConnections: 16,
      upstreamCacheTtlMs: 10_000,
      upstreamCacheMaxBytes: 32 * 1024 * 1024,
      upstreamSharedReads: true,
      upstreamRateLimits: [
        { name: 'minute', seconds: 60, limit: 480 },
        { name: 'hour', seconds: 3600, limit: 4800 },
      ],
      upstreamHoldThrottledKeys: true,
      logLevel: 'info',
      nodeEnv: 'development',
      localApiKey: undefined,
      localDb: undefined,
      localUpstreamPort: 0,
      localRateLimit: 'posthog',
      localLatencyMs: '0',
      localDeletionDelayMs: 5000,
      workers: 1,
      redisUrl: null,
      cacheNamespace: null,
      cacheKeySecret: null,
      redisMaxmemoryPolicy: null,
      shutdownDelayMs: 0,
      readinessCacheMs: 2000,
      compiledExecution: true,
      trustedDocuments: undefined,
      trustedDocumentsMode: 'off',
      mcpMutations: 'off',
      mcpAllowedHosts: [],
      mcpConfirmationSecret: undefined,
    });
  });
  it('reads the cache lifetime, shared reads and the quota windows, and refuses windows it cannot read', () => {
    expect(loadConfig({ UPSTREAM_CACHE_TTL_MS: '0', UPSTREAM_SHARED_READS: '0', UPSTREAM_RATE_LIMITS: '60/minute' }, [])).toMatchObject({
      upstreamCacheTtlMs: 0,
      upstreamSharedReads: false,
      upstreamRateLimits: [{ name: 'minute', seconds: 60, limit: 60 }],
    });
    expect(() => loadConfig({ UPSTREAM_RATE_LIMITS: '60 a minute' }, [])).toThrow('UPSTREAM_RATE_LIMITS must be limits like 480/minute,4800/hour');
    expect(() => loadConfig({ LOCAL_RATE_LIMIT: 'fast' }, [])).toThrow('LOCAL_RATE_LIMIT must be posthog, off or rates');
    expect(() => loadConfig({ LOCAL_LATENCY_MS: '1s' }, [])).toThrow('LOCAL_LATENCY_MS must be milliseconds');
  });
  it("reads the embedded upstream's deletion delay, a timer's milliseconds", () => {
    expect(loadConfig({ LOCAL_DELETION_DELAY_MS: '0' }, []).localDeletionDelayMs).toBe(0);
    expect(() => loadConfig({ LOCAL_DELETION_DELAY_MS: '5s' }, [])).toThrow('LOCAL_DELETION_DELAY_MS must be a non-negative integer');
    expect(() => loadConfig({ LOCAL_DELETION_DELAY_MS: '2147483648' }, [])).toThrow('LOCAL_DELETION_DELAY_MS must be at most 2147483647');
  });
  it('reads the production settings: workers (variable or flag), Redis, shutdown delay', () => {
    expect(loadConfig({ WORKERS: '3', REDIS_URL: 'redis://127.0.0.1:6380', SHUTDOWN_DELAY_MS: '5000' }, [])).toMatchObject({
      workers: 3,
      redisUrl: 'redis://127.0.0.1:6380',
      shutdownDelayMs: 5000,
    });
    expect(loadConfig({ WORKERS: '3' }, ['--workers', '2']).workers).toBe(2);
    expect(loadConfig({}, ['--workers=4']).workers).toBe(4);
    expect(loadConfig({ WORKERS: 'auto' }, []).workers).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ WORKERS: '0' }, [])).toThrow(/WORKERS/);
    expect(() => loadConfig({}, ['--workers', 'many'])).toThrow(/--workers/);
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' }, [])).toThrow(/REDIS_URL must start with redis:\/\//);
    expect(() => loadConfig({ REDIS_URL: 'redis://:s3cret@' + '[bad' }, [])).toThrow(/^REDIS_URL must be a URL/);
  });
  it('reads the Redis namespace and key secret; a short secret is refused without being echoed', () => {
    const secret = 'k'.repeat(32);
    expect(loadConfig({ CACHE_NAMESPACE: 'staging-eu', CACHE_KEY_SECRET: secret }, [])).toMatchObject({ cacheNamespace: 'staging-eu', cacheKeySecret: secret });
    expect(() => loadConfig({ CACHE_NAMESPACE: 'a:b' }, [])).toThrow(/CACHE_NAMESPACE must be/);
    expect(() => loadConfig({ CACHE_KEY_SECRET: 'short-s3cret' }, [])).toThrow(/CACHE_KEY_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ CACHE_KEY_SECRET: 'short-s3cret' }, [])).not.toThrow(/s3cret/);
  });
  it('REDIS_MAXMEMORY_POLICY can only vouch for noeviction', () => {
    expect(loadConfig({ REDIS_MAXMEMORY_POLICY: 'noeviction' }, [])).toMatchObject({ redisMaxmemoryPolicy: 'noeviction' });
    expect(() => loadConfig({ REDIS_MAXMEMORY_POLICY: 'allkeys-lru' }, [])).toThrow(/REDIS_MAXMEMORY_POLICY can only be noeviction/);
  });
  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '0',
      UPSTREAM_URL: 'https://us.posthog.com',
      UPSTREAM_TIMEOUT_MS: '2500',
      UPSTREAM_CONNECTIONS: '4',
      LOG_LEVEL: 'debug',
      NODE_ENV: 'production',
      LOCAL_API_KEY: 'phx_x',
      LOCAL_DB: '/tmp/x.db',
      OPERATION_TIMEOUT_MS: '9000',
      UPSTREAM_CALL_LIMIT: '50',
      UPSTREAM_MAX_RESPONSE_BYTES: '1000',
      UPSTREAM_PARSE_CACHE_BYTES: '0',
      UPSTREAM_RETRIES: '0',
      UPSTREAM_RETRY_AFTER_MAX_MS: '500',
      SHUTDOWN_GRACE_MS: '100',
      GRAPHQL_JIT: 'off',
    });
    expect(config).toMatchObject({
      operationTimeoutMs: 9000,
      upstreamCallLimit: 50,
      upstreamMaxResponseBytes: 1000,
      upstreamParseCacheBytes: 0,
      upstreamRetries: 0,
      upstreamRetryAfterMaxMs: 500,
      shutdownGraceMs: 100,
      port: 0,
      upstreamUrl: 'https://us.posthog.com',
      upstreamTimeoutMs: 2500,
      upstreamConnections: 4,
      logLevel: 'debug',
      nodeEnv: 'production',
      localApiKey: 'phx_x',
      localDb: '/tmp/x.db',
      compiledExecution: false,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });
  it('hands the upstream settings on under the same names, each left out taking its default', async () => {
    const config = loadConfig({ UPSTREAM_CONNECTIONS: '3', UPSTREAM_RETRIES: '0' }, []);
    expect(upstreamSettings(config)).toEqual({ ...UPSTREAM_DEFAULTS, upstreamConnections: 3, upstreamRetries: 0 });
    expect(upstreamSettings({ upstreamCallLimit: 7 })).toEqual({ ...UPSTREAM_DEFAULTS, upstreamCallLimit: 7 });
    const transport = new UpstreamTransport({ upstreamUrl: 'http://127.0.0.1:9', ...upstreamSettings(config) });
    expect(transport.connections).toBe(3);
    await transport.close();
  });
  it('fails fast on bad values', () => {
    expect(() => loadConfig({ UPSTREAM_CONNECTIONS: '0' })).toThrow(/UPSTREAM_CONNECTIONS must be at least 1/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ GRAPHQL_JIT: 'maybe' })).toThrow(/GRAPHQL_JIT/);
    expect(() => loadConfig({ UPSTREAM_TIMEOUT_MS: '-1' })).toThrow(/UPSTREAM_TIMEOUT_MS/);
    expect(() => loadConfig({ UPSTREAM_URL: 'ftp://x' })).toThrow(/UPSTREAM_URL/);
    expect(() => loadConfig({ UPSTREAM_URL: 'not a url' })).toThrow(/UPSTREAM_URL must be an absolute http\(s\) URL/);
    expect(() => loadConfig({ PORT: '99999' })).toThrow(/PORT must be a TCP port/);
    expect(() => loadConfig({ UPSTREAM_CALL_LIMIT: '0' })).toThrow(/UPSTREAM_CALL_LIMIT must be at least 1/);
    expect(() => loadConfig({ UPSTREAM_URL: 'https://user:secret@us.posthog.com' })).toThrow(/must not carry credentials/);
    expect(() => loadConfig({ TRUSTED_DOCUMENTS: 'm.json', TRUSTED_DOCUMENTS_MODE: 'strict' })).toThrow(
      /TRUSTED_DOCUMENTS_MODE must be one of off, log, enforce/,
    );
    expect(() => loadConfig({ TRUSTED_DOCUMENTS_MODE: 'enforce' })).toThrow(/needs TRUSTED_DOCUMENTS/);
  });
  it('reads the trusted-document manifest and mode', () => {
    expect(loadConfig({ TRUSTED_DOCUMENTS: 'manifest.json', TRUSTED_DOCUMENTS_MODE: 'enforce' })).toMatchObject({
      trustedDocuments: 'manifest.json',
      trustedDocumentsMode: 'enforce',
    });
  });
  it('reads the MCP settings, and refuses a bad mode, host or short secret', () => {
    expect(loadConfig({ MCP_MUTATIONS: 'explicit', MCP_ALLOWED_HOSTS: 'Gateway.Example.com, [::2]', MCP_CONFIRMATION_SECRET: 'x'.repeat(32) })).toMatchObject({
      mcpMutations: 'explicit',
      mcpAllowedHosts: ['gateway.example.com', '[::2]'],
      mcpConfirmationSecret: 'x'.repeat(32),
    });
    expect(() => loadConfig({ MCP_MUTATIONS: 'all' })).toThrow(/MCP_MUTATIONS must be one of off, explicit, got "all"/);
    expect(() => loadConfig({ MCP_ALLOWED_HOSTS: 'https://gateway.example.com' })).toThrow(/MCP_ALLOWED_HOSTS must be host names without scheme or port/);
    expect(() => loadConfig({ MCP_CONFIRMATION_SECRET: 'short' })).toThrow(/MCP_CONFIRMATION_SECRET must be at least 32 characters/);
  });
  it('bad values are ConfigErrors (main.ts prints their message alone)', () => {
    expect(() => loadConfig({ PORT: '-3' })).toThrow(ConfigError);
    expect(() => loadConfig({ UPSTREAM_URL: '::' })).toThrow(ConfigError);
  });
});
