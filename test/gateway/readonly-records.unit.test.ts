// Upstream records are read-only in the types (src/upstream-client/endpoints/upstream-record.ts): a resolver
// that writes into one must not compile. `npm run typecheck` checks this file: each
// `@ts-expect-error` below fails the check if the write it marks ever compiles again.
import { describe, expect, it } from 'vitest';
import type { FeatureFlagResolvers, ProjectResolvers, UserResolvers } from '../../src/generated/resolvers-types.ts';
import { ParsedAnswers } from '../../src/upstream-client/transport/tuning/parsed-answers.ts';
import { ProjectFlag, type FeatureFlagRecord } from '../../src/upstream-client/endpoints/feature-flag.ts';
import type { Page } from '../../src/upstream-client/transport/page.ts';
import type { ProjectRecord } from '../../src/upstream-client/endpoints/project.ts';

/** Writes a resolver might attempt; never called, only type-checked. */
export const writesThatMustNotCompile = {
  flag: ((flag) => {
    // @ts-expect-error a top-level field of a shared record
    flag.record.name = 'renamed';
    // @ts-expect-error an array inside a record
    flag.record.tags?.push('tag');
    // @ts-expect-error an element of an array inside a record
    if (flag.record.tags) flag.record.tags[0] = 'tag';
    // @ts-expect-error a nested object of a record
    if (flag.record.created_by) flag.record.created_by.first_name = 'someone';
    // @ts-expect-error the record itself, swapped on its wrapper
    flag.record = { ...flag.record };
    return flag.record.key;
  }) satisfies FeatureFlagResolvers['key'],
  project: ((project) => {
    // @ts-expect-error a project record
    project.name = 'renamed';
    return project.name;
  }) satisfies ProjectResolvers['name'],
  user: ((user) => {
    // @ts-expect-error an embedded user
    user.first_name = 'someone';
    return user.first_name;
  }) satisfies UserResolvers['firstName'],
  page: (page: Page<ProjectFlag>) => {
    // @ts-expect-error emptying a page
    page.results.length = 0;
    // @ts-expect-error a page's count
    page.count = 0;
  },
  fullProject: (project: ProjectRecord) => {
    // @ts-expect-error an array of the full project record
    project.app_urls.sort();
  },
};

describe('upstream records', () => {
  it('reading stays allowed: spreading a record into a new object is how a changed copy is made', () => {
    const flag = new ProjectFlag(1, { id: 2, key: 'beta', name: 'Beta', tags: ['a'] } as unknown as FeatureFlagRecord);
    const copy = { ...flag.record, name: 'Renamed' };
    expect([copy.name, flag.record.name]).toEqual(['Renamed', 'Beta']);
  });

  it('a value kept for a repeated answer is frozen at run time too, as its type says', () => {
    const answers = new ParsedAnswers(1024 * 1024);
    const body = Buffer.from('{"count":1,"results":[{"id":2,"tags":["a"]}]}');
    answers.keep('/api/projects/1/feature_flags/', body, 'decode', JSON.parse(body.toString()));
    const kept = answers.find('/api/projects/1/feature_flags/', body, 'decode')?.value as Page<{ tags: string[] }>;
    expect(Object.isFrozen(kept)).toBe(true);
    expect(Object.isFrozen(kept.results[0]?.tags)).toBe(true);
  });
});
