// The upstream client's work across requests at its seam (src/upstream-client/across-requests/across-requests.ts), with a
// stand-in for the transport's send: what each rule costs in upstream calls, and what each key may see.
import { describe, expect, it } from 'vitest';
import { AcrossRequests, parseRateLimits } from '../../src/upstream-client/across-requests/across-requests.ts';
import { FLAG_ENDPOINT, FLAGS_ACTIVITY_ENDPOINT, FLAGS_ENDPOINT } from '../../src/upstream-client/endpoints/feature-flag.ts';
import { changesOf, readsOf, RecordFacts } from '../../src/upstream-client/across-requests/scopes.ts';
import { Generations } from '../../src/upstream-client/across-requests/generations.ts';
import { MemoryReadCache } from '../../src/upstream-client/across-requests/read-cache.ts';
import { UpstreamReport } from '../../src/upstream-client/transport/report.ts';
import { UpstreamError } from '../../src/upstream-client/transport/upstream-error.ts';

const FLAGS = { method: 'GET' as const, ...FLAGS_ENDPOINT, params: { project_id: 1 } };
const FLAGS_PATH = '/api/projects/1/feature_flags/?limit=100';
const PATCH_FLAG = { method: 'PATCH' as const, ...FLAG_ENDPOINT, params: { project_id: 1, id: 7 } };

/** A fake upstream: counts sends, answers `answer()` after `delayMs`. */
function upstream(answer: () => unknown = () => ({ n: Math.random() }), delayMs = 0) {
  const sent: string[] = [];
  const send = (label: string) => async () => {
    sent.push(label);
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return answer();
  };
  return { sent, send };
}

const read = (across: AcrossRequests, token: string, send: () => Promise<unknown>, report = new UpstreamReport(), path = FLAGS_PATH) =>
  across.request({ ...FLAGS, params: { project_id: Number(/\/projects\/(\d+)\//.exec(path)![1]) } }, path, token, report, send);

describe('read cache across requests', () => {
  it('serves a key its own fresh answer again, and never another key’s', async () => {
    const across = new AcrossRequests({ cacheTtlMs: 60_000 });
    const { sent, send } = upstream();
    const first = await read(across, 'key-a', send('a'));
    const report = new UpstreamReport();
    expect(await read(across, 'key-a', send('a'), report)).toBe(first);
    expect(report.summary().totals).toMatchObject({ calls: 0, cache: 1 });
    expect(await read(across, 'key-a2', send('a2'))).not.toBe(first);
    expect(sent).toEqual(['a', 'a2']);
  });

  it('expires an entry after its lifetime', async () => {
    const across = new AcrossRequests({ cacheTtlMs: 50 });
    const { sent, send } = upstream();
    await read(across, 'key-a', send('a'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    await read(across, 'key-a', send('a'));
    expect(sent).toEqual(['a', 'a']);
  });

  it('drops, for every key, what a write can have changed; other projects keep their entries', async () => {
    const across = new AcrossRequests({ cacheTtlMs: 60_000 });
    const { sent, send } = upstream();
    await read(across, 'key-a', send('a'));
    await read(across, 'key-b', send('b'));
    await read(across, 'key-b', send('b other project'), undefined, '/api/projects/2/feature_flags/');
    await across.request(PATCH_FLAG, '/api/projects/1/feature_flags/7/', 'key-a', new UpstreamReport(), send('write'));
    await read(across, 'key-a', send('a'));
    await read(across, 'key-b', send('b'));
    await read(across, 'key-b', send('b other project'), undefined, '/api/projects/2/feature_flags/');
    expect(sent).toEqual(['a', 'b', 'b other project', 'write', 'a', 'b']);
  });

  it('does not keep an answer whose read started before a write finished', async () => {
    const across = new AcrossRequests({ cacheTtlMs: 60_000 });
    const slow = upstream(() => 'before the write', 40);
    const pending = read(across, 'key-a', slow.send('slow read'));
    await across.request(PATCH_FLAG, '/api/projects/1/feature_flags/7/', 'key-a', new UpstreamReport(), async () => 'written');
    expect(await pending).toBe('before the write');
    const fresh = upstream(() => 'after the write');
    expect(await read(across, 'key-a', fresh.send('fresh read'))).toBe('after the write');
  });

  it('drops a project’s entries when its activity log shows a change (live updates’ feed)', async () => {
    const across = new AcrossRequests({ cacheTtlMs: 60_000 });
    const { sent, send } = upstream();
    await read(across, 'key-a', send('a'));
    await across.projectChanged(1);
    await read(across, 'key-a', send('a'));
    expect(sent).toEqual(['a', 'a']);
  });

  it('never caches activity logs (live updates poll them for changes)', async () => {
    const across = new AcrossRequests({ cacheTtlMs: 60_000 });
    const { sent, send } = upstream();
    const activity = { method: 'GET' as const, ...FLAGS_ACTIVITY_ENDPOINT, params: { project_id: 1 } };
    for (let i = 0; i < 2; i++) await across.request(activity, '/api/projects/1/feature_flags/activity/', 'key-a', new UpstreamReport(), send('log'));
    expect(sent).toEqual(['log', 'log']);
  });
});

describe('a flags page primes its flags’ own reads', () => {
  const LIST = FLAGS;
  const FLAG = { method: 'GET' as const, ...FLAG_ENDPOINT, params: { project_id: 1, id: 7 } };
  const page = () => ({ count: 1, next: null, previous: null, results: [{ id: 7, key: 'checkout', name: 'v1' }] });

  it('serves a listed flag’s detail to the same key without a call, not to another key', async () => {
    const across = new AcrossRequests({ cacheTtlMs: 60_000 });
    await across.request(LIST, '/api/projects/1/feature_flags/?limit=30', 'key-a', new UpstreamReport(), async () => page());
    const { sent, send } = upstream(() => ({ id: 7, name: 'from upstream' }));
    expect(await across.request(FLAG, '/api/projects/1/feature_flags/7/', 'key-a', new UpstreamReport(), send('a'))).toEqual({
      id: 7,
      key: 'checkout',
      name: 'v1',
    });
    expect(await across.request(FLAG, '/api/projects/1/feature_flags/7/', 'key-b', new UpstreamReport(), send('b'))).toEqual({ id: 7, name: 'from upstream' });
    expect(sent).toEqual(['b']);
  });

  it('primes nothing when a flag of the project was written while the list was read', async () => {
    const across = new AcrossRequests({ cacheTtlMs: 60_000 });
    const slowList = async () => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      return page();
    };
    const listing = across.request(LIST, '/api/projects/1/feature_flags/', 'key-a', new UpstreamReport(), slowList);
    await across.request(PATCH_FLAG, '/api/projects/1/feature_flags/7/', 'key-a', new UpstreamReport(), async () => ({ id: 7, name: 'v2' }));
    await listing;
    const { sent, send } = upstream(() => ({ id: 7, name: 'v2' }));
    expect(await across.request(FLAG, '/api/projects/1/feature_flags/7/', 'key-a', new UpstreamReport(), send('detail'))).toEqual({ id: 7, name: 'v2' });
    expect(sent).toEqual(['detail']);
  });
});

describe('shared in-flight reads', () => {
  it('lets concurrent identical reads of one key share one call, never across keys', async () => {
    const across = new AcrossRequests({ cacheTtlMs: 60_000 });
    const { sent, send } = upstream(undefined, 30);
    const reports = [new UpstreamReport(), new UpstreamReport(), new UpstreamReport()];
    const answers = await Promise.all([...reports.map((report) => read(across, 'key-a', send('a'), report)), read(across, 'key-b', send('b'))]);
    expect(sent).toEqual(['a', 'b']);
    expect(answers[0]).toBe(answers[1]);
    expect(answers[3]).not.toBe(answers[0]);
    expect(reports.map((report) => report.summary().totals.shared)).toEqual([0, 1, 1]);
  });

  it('a follower reads for itself when the leader’s operation used its call budget', async () => {
    const across = new AcrossRequests({ cacheTtlMs: 60_000 });
    const spent = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new UpstreamError({ kind: 'call-limit', status: null, body: null, route: FLAGS.route, message: 'budget used' });
    };
    const leader = read(across, 'key-a', spent);
    const follower = read(across, 'key-a', async () => 'own answer');
    await expect(leader).rejects.toThrow('budget used');
    expect(await follower).toBe('own answer');
  });

  it('a follower reads for itself when the leader’s operation was cut short', async () => {
    const across = new AcrossRequests({ cacheTtlMs: 60_000 });
    const cut = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new UpstreamError({ kind: 'timeout', status: null, body: null, route: FLAGS.route, message: 'deadline' });
    };
    const leader = read(across, 'key-a', cut);
    const follower = read(across, 'key-a', async () => 'own answer');
    await expect(leader).rejects.toThrow('deadline');
    expect(await follower).toBe('own answer');
  });
});

describe('what a write invalidates, by how it ended', () => {
  const failed =
    (status: number | null, kind: 'http' | 'timeout' = status === null ? 'timeout' : 'http') =>
    async () => {
      throw new UpstreamError({ kind, status, body: null, route: PATCH_FLAG.route, message: String(status) });
    };
  const costAfter = async (write: () => Promise<unknown>, keyAccepted = () => true) => {
    const across = new AcrossRequests({ cacheTtlMs: 60_000, upstreamTimeoutMs: 30 });
    const { sent, send } = upstream();
    await read(across, 'key-a', send('a'));
    await across.request(PATCH_FLAG, '/api/projects/1/feature_flags/7/', 'key-w', new UpstreamReport(), write, keyAccepted).catch(() => {});
    await read(across, 'key-a', send('a'));
    await across.close();
    return sent.length - 1;
  };

  it('a refusal (400, 401, 403, 404, 405, 409, 429) invalidates nothing', async () => {
    for (const status of [400, 401, 403, 404, 405, 409, 429]) expect(await costAfter(failed(status))).toBe(0);
  });

  it('a 409 `conflict` invalidates (the object changed since it was read); another 409 (approval required) does not', async () => {
    const conflict = (code: string) => async () => {
      throw new UpstreamError({
        kind: 'http',
        status: 409,
        body: { type: 'validation_error', code, detail: '', attr: null },
        route: PATCH_FLAG.route,
        message: '409',
      });
    };
    expect(await costAfter(conflict('conflict'))).toBe(1);
    expect(await costAfter(conflict('approval_required'))).toBe(0);
  });

  it('a 2xx, a 5xx or no answer invalidates; no answer with a key the upstream never accepted does not', async () => {
    expect(await costAfter(async () => ({ id: 7 }))).toBe(1);
    expect(await costAfter(failed(502))).toBe(1);
    expect(await costAfter(failed(null))).toBe(1);
    expect(await costAfter(failed(null), () => false)).toBe(0);
  });

  it('a write left without an answer is invalidated once more after the upstream timeout', async () => {
    const across = new AcrossRequests({ cacheTtlMs: 60_000, upstreamTimeoutMs: 40 });
    await across.request(PATCH_FLAG, '/api/projects/1/feature_flags/7/', 'key-w', new UpstreamReport(), failed(null)).catch(() => {});
    const { sent, send } = upstream();
    await read(across, 'key-a', send('read before the service applied it'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    await read(across, 'key-a', send('read after'));
    expect(sent).toEqual(['read before the service applied it', 'read after']);
    await across.close();
  });
});

describe('generation counters', () => {
  it('are bounded: evicting one makes every stamp new, so nothing stamped before it looks fresh', () => {
    const generations = new Generations(60_000, 2);
    const before = generations.stamp(['a']);
    generations.bump(['a', 'b', 'c']);
    expect(generations.size).toBe(2);
    // 'a' was evicted (it would read 0 again): the epoch moved instead.
    expect(generations.stamp(['a'])).not.toBe(before);
  });

  it('expire after their lifetime', async () => {
    const generations = new Generations(30);
    generations.bump(['a']);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(generations.stamp(['a'])).toBe(new Generations(30).stamp(['a']));
    expect(generations.size).toBe(0);
  });

  it('a counter bumped again after it expired never reads a value it read before', async () => {
    const generations = new Generations(30);
    generations.bump(['a']);
    const first = generations.stamp(['a']);
    await new Promise((resolve) => setTimeout(resolve, 60));
    generations.bump(['a']);
    expect(generations.stamp(['a'])).not.toBe(first);
  });
});

describe('per-key budgets of the memory cache', () => {
  it('a key holds at most an eighth of the bytes: its own oldest entries go first, never another key’s', async () => {
    const cache = new MemoryReadCache(60_000, 8_000, new Generations(60_000));
    const stamp = new Generations(60_000).stamp([]);
    await cache.store('key-a', '/a', stamp, 'a'.repeat(500));
    for (let i = 0; i < 20; i++) await cache.store('key-b', `/b/${i}`, stamp, 'b'.repeat(400));
    expect(cache.keyBytes('key-b')).toBeLessThanOrEqual(1_000);
    expect((await cache.lookup('key-b', '/b/19', [])).value).toBeDefined();
    expect((await cache.lookup('key-b', '/b/0', [])).value).toBeUndefined();
    expect((await cache.lookup('key-a', '/a', [])).value).toBeDefined();
    await cache.forgetKey('key-a');
    expect((await cache.lookup('key-a', '/a', [])).value).toBeUndefined();
    expect(cache.keyBytes('key-a')).toBe(0);
  });
});

describe('throttled keys and quota', () => {
  // The transport reports each attempt to `attempted` before `send` settles (http.ts).
  const throttled = (across: AcrossRequests, token: string, retryAfter?: number) => async () => {
    const refusal = new UpstreamError({
      kind: 'http',
      status: 429,
      body: null,
      route: FLAGS.route,
      message: '429',
      ...(retryAfter === undefined ? {} : { retryAfter }),
    });
    across.attempted(token, refusal);
    throw refusal;
  };

  it('after a 429 sends nothing more with that key until it may retry; other keys are unaffected', async () => {
    const across = new AcrossRequests({ holdThrottledKeys: true });
    await expect(read(across, 'key-a', throttled(across, 'key-a', 2))).rejects.toMatchObject({ status: 429, retryAfter: 2 });
    const { sent, send } = upstream();
    const report = new UpstreamReport();
    await expect(read(across, 'key-a', send('a'), report)).rejects.toMatchObject({ status: 429, retryAfter: 2, body: { code: 'throttled' } });
    await expect(across.request(PATCH_FLAG, '/api/projects/1/feature_flags/7/', 'key-a', new UpstreamReport(), send('write'))).rejects.toMatchObject({
      status: 429,
    });
    expect(report.summary().totals).toMatchObject({ calls: 0, held: 1 });
    await read(across, 'key-b', send('b'));
    expect(sent).toEqual(['b']);
    expect(await across.heldFor('key-a')).toBe(2);
  });

  it('holds a key for a second when the 429 says nothing of when to retry', async () => {
    const across = new AcrossRequests({ holdThrottledKeys: true });
    await expect(read(across, 'key-a', throttled(across, 'key-a'))).rejects.toMatchObject({ status: 429 });
    expect(await across.heldFor('key-a')).toBe(1);
  });

  it('counts the calls the upstream answered, per key, in each window, none past a full window', async () => {
    const across = new AcrossRequests({ rateLimits: parseRateLimits('3/minute,10/hour') });
    for (let i = 0; i < 4; i++) across.attempted('key-a', undefined);
    across.attempted('key-a', new UpstreamError({ kind: 'unavailable', status: null, body: null, route: '/', message: 'refused' }));
    across.attempted('key-a', new UpstreamError({ kind: 'http', status: 404, body: null, route: '/', message: '404' }));
    const [minute, hour] = await across.usage('key-a');
    // The service counts no call it refused: a full minute stays at its limit.
    expect(minute).toMatchObject({ name: 'minute', limit: 3, used: 3, remaining: 0 });
    expect(hour).toMatchObject({ name: 'hour', limit: 10, used: 5, remaining: 5 });
    expect(minute!.resetAt.getTime()).toBeGreaterThan(Date.now() + 55_000);
    expect((await across.usage('key-b'))[0]).toMatchObject({ used: 0, remaining: 3 });
    expect(() => parseRateLimits('480/fortnight')).toThrow('"480/fortnight" is not a limit like 480/minute');
  });
});

describe('invalidation scopes', () => {
  const facts = new RecordFacts();
  facts.learnProjects([{ id: 1, organization: 'org-a' }]);
  const touches = (write: string[], read: string[]) => read.some((scope) => write.includes(scope));

  it('a flag write reaches that flag, its project’s lists and its organization’s views, not other flags, projects or organizations', () => {
    const write = changesOf.flag(facts, 1, 7);
    expect(touches(write, readsOf.projectLists(1))).toBe(true);
    expect(touches(write, readsOf.flag(1, 7))).toBe(true);
    expect(touches(write, readsOf.organization('org-a'))).toBe(true);
    expect(touches(write, readsOf.projectLists(2))).toBe(false);
    expect(touches(write, readsOf.flag(1, 8))).toBe(false);
    expect(touches(write, readsOf.project(1))).toBe(false);
    expect(touches(write, readsOf.organization('org-b'))).toBe(false);
    expect(touches(write, readsOf.plugins('org-a'))).toBe(false);
  });

  it('a write to a project of unknown organization reaches every organization’s views, and nothing of other projects', () => {
    const write = changesOf.flag(facts, 9, 7);
    expect(touches(write, readsOf.organization('org-b'))).toBe(true);
    expect(touches(write, readsOf.projectLists(1))).toBe(false);
  });

  it('a project changed reaches every read of the project; a key whose organization is unknown sees every organization’s writes', () => {
    expect(touches(changesOf.project(facts, 1), readsOf.flag(1, 8))).toBe(true);
    expect(touches(changesOf.project(facts, 1), readsOf.keyOrganization(facts, 'key-new'))).toBe(true);
    facts.learnKeyOrganization('key-b', 'org-b');
    expect(touches(changesOf.project(facts, 1), readsOf.keyOrganization(facts, 'key-b'))).toBe(false);
  });

  it('a write to a plugin not known to be local reaches every organization’s plugins; a local one, its own', () => {
    expect(touches(changesOf.plugin(facts, 'org-a', 3, undefined), readsOf.plugins('org-b'))).toBe(true);
    facts.learnPlugins([{ id: 3, is_global: false }]);
    expect(touches(changesOf.plugin(facts, 'org-a', 3, { id: 3, is_global: false }), readsOf.plugins('org-b'))).toBe(false);
    expect(touches(changesOf.plugin(facts, 'org-a', 3, { id: 3, is_global: false }), readsOf.plugins('org-a'))).toBe(true);
    // Made global by the write: every organization now sees it.
    expect(touches(changesOf.plugin(facts, 'org-a', 3, { id: 3, is_global: true }), readsOf.plugins('org-b'))).toBe(true);
  });
});
