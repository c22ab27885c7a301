// The breaking-change check (scripts/check-schema-changes.ts, `npm run schema:changes` in `npm test`)
// fed the released SDL with one change at a time: a breaking change fails with the coordinate, the
// file to edit and the changelog line to add; a dangerous one passes with a report; a safe one passes.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, type DocumentNode } from 'graphql';
import { readReleased, dateRelease } from '../../scripts/check-schema-changes.ts';
import { schemaChanges, coordinateOf } from '../../scripts/schema-changes.ts';
import { breakingEntries, changelogSections, checkRelease, type ReleaseInputs } from '../../scripts/release-policy.ts';

const released = readReleased();
const schemaDir = new URL('../../schema/', import.meta.url);
const files = new Map<string, DocumentNode>(
  readdirSync(schemaDir)
    .filter((name) => name.endsWith('.graphql'))
    .map((name) => [`schema/${name}`, parse(readFileSync(new URL(name, schemaDir), 'utf8'))]),
);

/** The released SDL with `from` replaced by `to` (exactly once: the fixture must really change). */
function edited(from: string | RegExp, to: string): string {
  const sdl = released.sdl.replace(from, to);
  expect(sdl, `the released SDL has no ${String(from)}`).not.toBe(released.sdl);
  return sdl;
}

const REMOVED_FIELD = () => edited('  """Name of the project."""\n  name: String!\n', '');
const INPUT_MADE_NON_NULL = () => edited(/(input CreateProjectInput \{[\s\S]*?timezone: TimeZone)\n/, '$1!\n');
const CHANGED_KEY = () =>
  edited('type Project implements Node @key(fields: "id") @key(fields: "databaseId")', 'type Project implements Node @key(fields: "id") @key(fields: "uuid")');
const NEW_ENUM_VALUE = () => edited('  MONDAY\n', '  MONDAY\n  """Weeks start on Saturday."""\n  SATURDAY\n');
const NEW_DEFAULT = () => edited('    search: String\n', '    search: String = ""\n');
const NEW_FIELD = () =>
  edited('  name: String!\n  """Whether the tracking snippet', '  name: String!\n  """A new field."""\n  slug: String\n  """Whether the tracking snippet');

const CHANGELOG = (breaking = '', extra = '') => `# Changelog

## [Unreleased]
${extra}
### Breaking

${breaking}

### Added

- Things.

## [0.1.0] - 2026-11-26
`;

async function verdictFor(current: string, overrides: Partial<ReleaseInputs> = {}) {
  const changes = await schemaChanges(released.sdl, current);
  return { changes, ...checkRelease({ changes, changelog: CHANGELOG(), releasedVersion: '0.1.0', version: '0.2.0', files, ...overrides }) };
}

describe('breaking changes fail unless recorded', () => {
  it.each([
    ['a removed field', REMOVED_FIELD, 'FIELD_REMOVED', 'Project.name', 'schema/project.graphql'],
    ['an input field made non-null', INPUT_MADE_NON_NULL, 'INPUT_FIELD_TYPE_CHANGED', 'CreateProjectInput.timezone', 'schema/project.graphql'],
    ['a changed @key', CHANGED_KEY, 'KEY_REMOVED', 'Project @key(fields: "databaseId")', 'schema/project.graphql'],
  ])('%s: fails naming the change, the coordinate, the file to edit and the line to add', async (_name, change, type, coordinate, file) => {
    const { failures } = await verdictFor(change());
    expect(failures).toHaveLength(2);
    expect(failures[0]).toContain(`Breaking change ${type} at \`${coordinate}\``);
    expect(failures[0]).toContain(`undo it in ${file}`);
    expect(failures[0]).toContain(`record it in CHANGELOG.md under "## [Unreleased]", "### Breaking"`);
    expect(failures[0]).toContain(`- \`${coordinate}\`: `);
    // Released as 0.2.0, a minor version of 0.1.0: the 0.x exception is missing too.
    expect(failures[1]).toContain('needs an explicit "**0.x exception:** <why>" line');
  });

  it('passes once recorded with the coordinate and a migration note, and the 0.x exception', async () => {
    const changelog = CHANGELOG('- `Project.name`: removed.\n  Migration: read `displayName` instead.', '\n**0.x exception:** the field never worked.\n');
    const verdict = await verdictFor(REMOVED_FIELD(), { changelog });
    expect(verdict.failures).toEqual([]);
    expect(verdict.warnings).toContain('breaking, recorded in CHANGELOG.md: `Project.name` (FIELD_REMOVED)');
  });

  it('a record without a migration note still fails', async () => {
    const { failures } = await verdictFor(REMOVED_FIELD(), { changelog: CHANGELOG('- `Project.name`: removed.', '\n**0.x exception:** reasons.\n') });
    expect(failures).toEqual([expect.stringContaining('The entry for it has no "Migration:" note.')]);
  });

  it('recorded, but in a minor version of 0.x without the exception line: fails', async () => {
    const { failures } = await verdictFor(REMOVED_FIELD(), { changelog: CHANGELOG('- `Project.name`: removed. Migration: none.') });
    expect(failures).toEqual([expect.stringContaining('needs an explicit "**0.x exception:** <why>" line')]);
  });

  it('from 1.x, a breaking change needs the next major version; 2.0.0 passes', async () => {
    const changelog = (version: string) => CHANGELOG('- `Project.name`: removed. Migration: none.').replace('[0.2.0]', `[${version}]`);
    const minor = await verdictFor(REMOVED_FIELD(), { releasedVersion: '1.0.0', version: '1.1.0', changelog: changelog('1.1.0') });
    expect(minor.failures).toEqual([expect.stringContaining('need a major version: 1.1.0 keeps major 1 of 1.0.0')]);
    const major = await verdictFor(REMOVED_FIELD(), { releasedVersion: '1.0.0', version: '2.0.0', changelog: changelog('2.0.0') });
    expect(major.failures).toEqual([]);
  });
});

describe('dangerous and safe changes pass', () => {
  it.each([
    ['a new enum value', NEW_ENUM_VALUE, 'ENUM_VALUE_ADDED', 'WeekStartDay.SATURDAY'],
    ["an argument's default value", NEW_DEFAULT, 'FIELD_ARGUMENT_DEFAULT_CHANGED', 'Query.projects(search:)'],
  ])('%s: passes with a report naming it', async (_name, change, type, coordinate) => {
    const { failures, warnings } = await verdictFor(change());
    expect(failures).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(new RegExp(`^dangerous: \`${coordinate.replace(/[().]/g, '\\$&')}\` \\(${type}\\)`))]);
  });

  it('a new field: passes, listed as safe', async () => {
    const { failures, warnings, safe } = await verdictFor(NEW_FIELD());
    expect(failures).toEqual([]);
    expect(warnings).toEqual([]);
    expect(new Set(safe.map((c) => c.coordinate))).toEqual(new Set(['Project.slug']));
  });

  it('any change needs a version above the released one, with an Unreleased section', async () => {
    const notAbove = await verdictFor(NEW_FIELD(), { version: '0.1.0' });
    expect(notAbove.failures).toEqual([expect.stringContaining("package.json's version 0.1.0 is not above 0.1.0")]);
    // A section named after the version instead of `[Unreleased]` is not the one in preparation.
    const versioned = await verdictFor(NEW_FIELD(), { changelog: CHANGELOG().replace('## [Unreleased]', '## [0.2.0] - Unreleased') });
    expect(versioned.failures).toEqual([expect.stringContaining('CHANGELOG.md has no "## [Unreleased]" section')]);
  });

  it('no change at all: nothing to record', async () => {
    expect(await verdictFor(released.sdl, { version: '0.1.0', changelog: '' })).toMatchObject({ changes: [], failures: [], warnings: [] });
  });
});

describe('the parts', () => {
  it('schema coordinates from the inspector paths', () => {
    expect(coordinateOf('Query.projects.search')).toBe('Query.projects(search:)');
    expect(coordinateOf('Project.name')).toBe('Project.name');
    expect(coordinateOf('Project.@key.fields')).toBe('Project @key');
    expect(coordinateOf('Query.projects.@listSize')).toBe('Query.projects @listSize');
  });

  it("the changelog's sections and breaking entries; a release turns [Unreleased] into the version, dated", () => {
    const text = CHANGELOG('- `A.b`: gone.\n  Migration: use `A.c`.\n- `A.d`: gone. Migration: none.');
    expect(changelogSections(text).map((s) => [s.version, s.date])).toEqual([
      ['Unreleased', ''],
      ['0.1.0', '2026-11-26'],
    ]);
    expect(breakingEntries(changelogSections(text)[0]!)).toEqual(['`A.b`: gone. Migration: use `A.c`.', '`A.d`: gone. Migration: none.']);
    const releasedText = dateRelease(text, '0.2.0', '2026-12-01');
    expect(releasedText).toContain('## [0.2.0] - 2026-12-01\n');
    expect(changelogSections(releasedText).map((s) => [s.version, s.date])).toEqual([
      ['0.2.0', '2026-12-01'],
      ['0.1.0', '2026-11-26'],
    ]);
    expect(() => dateRelease(releasedText, '0.3.0', '2026-12-02')).toThrow('no "## [Unreleased]" section');
  });

  it("this repository's CHANGELOG.md has an [Unreleased] section while package.json's version is not released, and the released one's", () => {
    const root = new URL('../../', import.meta.url);
    const versions = changelogSections(readFileSync(new URL('CHANGELOG.md', root), 'utf8')).map((s) => s.version);
    const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string };
    expect(versions).toContain(version === released.version ? version : 'Unreleased');
    expect(versions).not.toContain(`${version} - Unreleased`);
    expect(versions).toContain(released.version);
  });
});
