import { beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { KEYS, useUpstream } from './helpers.ts';

const ctx = useUpstream();
const SEEDED = 3;
const CREATED = 7;
const TOTAL = SEEDED + CREATED;

beforeAll(async () => {
  for (let i = 0; i < CREATED; i++) await ctx.owner.post(`/api/projects/${ctx.projectA}/feature_flags/`, { key: `page-${i}` });
});

const path = () => `/api/projects/${ctx.projectA}/feature_flags/`;
const url = (query: string) => `${ctx.upstream.url}${path()}${query}`;

/** fetch() will not send a custom Host header, node:http will. */
function getWithHost(pathAndQuery: string, host: string, headers: Record<string, string> = {}): Promise<any> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${ctx.upstream.url}${pathAndQuery}`, { headers: { host, authorization: `Bearer ${KEYS.owner}`, ...headers } }, (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve(JSON.parse(text)));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('limit/offset pagination (DRF LimitOffsetPagination)', () => {
  it('defaults to 100 results with no links when everything fits', async () => {
    const response = await ctx.owner.get(path());
    expect(response.body).toMatchObject({ count: TOTAL, next: null, previous: null });
    expect(response.body.results).toHaveLength(TOTAL);
  });

  it('builds absolute next/previous URLs from the request host', async () => {
    const first = await ctx.owner.get(`${path()}?limit=3`);
    expect(first.body.next).toBe(url('?limit=3&offset=3'));
    expect(first.body.previous).toBeNull();
    expect(first.body.results).toHaveLength(3);

    const middle = await ctx.owner.get(`${path()}?limit=3&offset=6`);
    expect(middle.body.next).toBe(url('?limit=3&offset=9'));
    expect(middle.body.previous).toBe(url('?limit=3&offset=3'));

    const last = await ctx.owner.get(`${path()}?limit=3&offset=9`);
    expect(last.body.next).toBeNull();
    expect(last.body.results).toHaveLength(TOTAL - 9);
  });

  it('drops offset from previous when it would be <= 0', async () => {
    const response = await ctx.owner.get(`${path()}?limit=4&offset=2`);
    expect(response.body.previous).toBe(url('?limit=4'));
    expect(response.body.next).toBe(url('?limit=4&offset=6'));
  });

  it('pages through every flag exactly once, newest first', async () => {
    const keys: string[] = [];
    let next: string | null = `${ctx.upstream.url}${path()}?limit=4`;
    while (next) {
      const page: { body: { results: Array<{ key: string }>; next: string | null } } = await ctx.owner.get(next.slice(ctx.upstream.url.length));
      keys.push(...page.body.results.map((flag) => flag.key));
      next = page.body.next;
    }
    expect(keys).toHaveLength(TOTAL);
    expect(new Set(keys).size).toBe(TOTAL);
    expect(keys.slice(0, 2)).toEqual(['page-6', 'page-5']);
  });

  it.each(['0', '-5', 'abc', ''])('falls back to 100 for limit=%j', async (limit) => {
    const response = await ctx.owner.get(`${path()}?limit=${limit}`);
    expect(response.body.results).toHaveLength(TOTAL);
    expect(response.body.next).toBeNull();
  });

  it('has no maximum limit', async () => {
    expect((await ctx.owner.get(`${path()}?limit=100000`)).body.results).toHaveLength(TOTAL);
  });

  it('treats an invalid or negative offset as 0 and an offset past the end as an empty page', async () => {
    expect((await ctx.owner.get(`${path()}?limit=2&offset=-3`)).body.previous).toBeNull();
    expect((await ctx.owner.get(`${path()}?limit=2&offset=zz`)).body.results).toHaveLength(2);
    const past = await ctx.owner.get(`${path()}?limit=2&offset=50`);
    expect(past.body).toMatchObject({ count: TOTAL, results: [], next: null });
    expect(past.body.previous).toBe(url('?limit=2&offset=48'));
  });

  it('keeps other query parameters, sorted by name like DRF', async () => {
    const response = await ctx.owner.get(`${path()}?search=page&limit=2&active=true`);
    expect(response.body.next).toBe(url('?active=true&limit=2&offset=2&search=page'));
    expect(response.body.count).toBe(CREATED);
  });

  it('uses the Host header the client sent', async () => {
    const body = await getWithHost(`${path()}?limit=1`, 'upstream.example:8443');
    expect(body.next).toBe(`http://upstream.example:8443${path()}?limit=1&offset=1`);
  });

  it('trusts X-Forwarded-Proto https (and nothing else it says), never X-Forwarded-Host', async () => {
    const forwarded = await getWithHost(`${path()}?limit=1`, 'api.example', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' });
    expect(forwarded.next).toBe(`https://api.example${path()}?limit=1&offset=1`);
    const garbage = await getWithHost(`${path()}?limit=1`, 'api.example', { 'x-forwarded-proto': 'javascript' });
    expect(garbage.next).toBe(`http://api.example${path()}?limit=1&offset=1`);
  });

  it("reads the last value of a repeated limit/offset, as Django's QueryDict does", async () => {
    const response = await ctx.owner.get(`${path()}?limit=1&limit=2&offset=5&offset=0`);
    expect(response.body.results).toHaveLength(2);
    expect(response.body.next).toBe(url('?limit=2&offset=2'));
    expect(response.body.previous).toBeNull();
  });

  it('paginates projects, plugins and role access the same way', async () => {
    const projects = await ctx.owner.get('/api/projects/?limit=1');
    expect(projects.body).toMatchObject({ count: 1, next: null, previous: null });
    const plugins = await ctx.owner.get('/api/organizations/@current/plugins/?limit=1');
    expect(plugins.body.count).toBe(2);
    expect(plugins.body.next).toBe(`${ctx.upstream.url}/api/organizations/@current/plugins/?limit=1&offset=1`);
  });
});

describe('activity pagination (page/limit)', () => {
  it('defaults to 10 per page with total_count and page links', async () => {
    const first = await ctx.owner.get(`${path()}activity/`);
    expect(first.body.total_count).toBe(CREATED);
    expect(first.body.results).toHaveLength(CREATED);
    expect(first.body.next).toBeNull();
    const small = await ctx.owner.get(`${path()}activity/?limit=3`);
    expect(small.body.results).toHaveLength(3);
    expect(small.body.next).toBe(`${url('activity/?limit=3')}&page=2`);
    expect(small.body.previous).toBeNull();
    const second = await ctx.owner.get(`${path()}activity/?limit=3&page=2`);
    expect(second.body.next).toBe(url('activity/?limit=3&page=3'));
    expect(second.body.previous).toBe(url('activity/?limit=3&page=1'));
  });

  it('rewrites every page= and limit= of the request URL, reading the last of repeated values', async () => {
    const response = await ctx.owner.get(`${path()}activity/?limit=9&page=1&limit=2`);
    expect(response.body.results).toHaveLength(2);
    expect(response.body.next).toBe(url('activity/?limit=2&page=2&limit=2'));
  });

  it('rejects a limit or page below 1', async () => {
    const response = await ctx.owner.get(`${path()}activity/?limit=0`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ type: 'validation_error', code: 'min_value', detail: 'Ensure this value is greater than or equal to 1.', attr: 'limit' });
  });
});
