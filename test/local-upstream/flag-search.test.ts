// The flags list's `search`, rule by rule as the service matches it (rest-interface/flag-search.ts,
// docs/rest-interface.md "Endpoints"). Every key and name here holds a made-up word ("zorb", "quix") so
// the searches find only this file's flags in the shared project.
import { beforeAll, describe, expect, it } from 'vitest';
import { useUpstream } from './helpers.ts';

const ctx = useUpstream();
const flagsPath = () => `/api/projects/${ctx.projectA}/feature_flags/`;
const search = async (term: string) => {
  const response = await ctx.owner.get(`${flagsPath()}?search=${encodeURIComponent(term)}`);
  expect(response.status).toBe(200);
  return (response.body.results as Array<{ key: string }>).map((flag) => flag.key).sort();
};

describe('flag list search', () => {
  beforeAll(async () => {
    const flags = [
      { key: 'zorb-quix' },
      { key: 'zorbquix-joined' },
      { key: 'zorb-x-quix' },
      { key: 'zorb-lone', name: 'quixotic description' },
      { key: 'tabbed-flag', name: 'blip\tblop' },
      { key: 'dashed-flag', name: 'blip-blop' },
      { key: 'zorb-gone-quix' },
    ];
    for (const flag of flags) expect((await ctx.owner.post(flagsPath(), flag)).status).toBe(201);
    const gone = (await ctx.owner.get(`${flagsPath()}?search=zorb-gone-quix`)).body.results[0];
    expect((await ctx.owner.patch(`${flagsPath()}${gone.id}/`, { deleted: true })).status).toBe(200);
  });

  it('matches the words in the order given, a space standing for separators or nothing, in any case', async () => {
    expect(await search('ZORB QUIX')).toEqual(['zorb-quix', 'zorbquix-joined']);
    expect(await search('quix zorb')).toEqual([]);
  });

  it('finds the phrase within the key or within the name, never across them', async () => {
    // `zorb-lone` has "zorb" in its key and "quix" in its name.
    expect(await search('zorb quix')).not.toContain('zorb-lone');
    expect(await search('zorb lone')).toEqual(['zorb-lone']);
    expect(await search('quixotic desc')).toEqual(['zorb-lone']);
  });

  it('lets only the space stand for separators: a tab is literal', async () => {
    expect(await search('blip blop')).toEqual(['dashed-flag', 'tabbed-flag']);
    expect(await search('blip\tblop')).toEqual(['tabbed-flag']);
  });

  it('never lists a soft-deleted flag', async () => {
    expect(await search('zorb gone')).toEqual([]);
  });

  it('counts the length in characters: 200 emoji are served, 201 are a 400 naming no field', async () => {
    expect((await ctx.owner.get(`${flagsPath()}?search=${encodeURIComponent('😀'.repeat(200))}`)).status).toBe(200);
    const tooLong = await ctx.owner.get(`${flagsPath()}?search=${encodeURIComponent('😀'.repeat(201))}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({
      type: 'validation_error',
      code: 'invalid_input',
      detail: 'Search term cannot exceed 200 characters',
      attr: null,
    });
  });

  it('answers at once when many spaces meet a long run of separators (no backtracking blow-up)', async () => {
    expect((await ctx.owner.post(flagsPath(), { key: 'separator-run', name: '-'.repeat(2000) })).status).toBe(201);
    expect(await search(`-${' -'.repeat(98)} b`)).toEqual([]);
  });
});
