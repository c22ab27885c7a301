// The breaking-change check (part of `npm test`, docs/schema-changes.md): the SDL the code produces
// against the SDL of the last release, published/subgraph.released.graphql.
//
//   npm run schema:changes   lists the changes; exits 1 on a breaking change not recorded in
//                            CHANGELOG.md or without the version it needs
//   npm run schema:release   the same check, then makes the current SDL the released baseline
//                            and turns CHANGELOG.md's `## [Unreleased]` into package.json's version, dated
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse, type DocumentNode } from 'graphql';
import { publishedSchema, withoutHeader } from './print-schema.ts';
import { schemaChanges } from './schema-changes.ts';
import { checkRelease, UNRELEASED_HEADING, type ReleaseVerdict } from './release-policy.ts';

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
export const RELEASED_SCHEMA_PATH = root('published/subgraph.released.graphql');
const CHANGELOG_PATH = root('CHANGELOG.md');

const releasedHeader = (version: string) =>
  `# Released in version ${version}. Written by \`npm run schema:release\`: do not edit by hand.\n` +
  `# The baseline of the breaking-change check (docs/schema-changes.md).\n\n`;

/** The released SDL and the version it was released in (from the file's first line). */
export function readReleased(text: string = readFileSync(RELEASED_SCHEMA_PATH, 'utf8')): { version: string; sdl: string } {
  const version = /^# Released in version (\S+)\./.exec(text)?.[1];
  if (!version) throw new Error(`${RELEASED_SCHEMA_PATH} does not start with "# Released in version <x.y.z>."`);
  return { version, sdl: text.slice(releasedHeader(version).length) };
}

/** schema/*.graphql by repository path, parsed. */
function schemaFiles(): Map<string, DocumentNode> {
  const dir = root('schema/');
  const names = readdirSync(dir).filter((name) => name.endsWith('.graphql'));
  return new Map(names.map((name) => [`schema/${name}`, parse(readFileSync(`${dir}${name}`, 'utf8'), { noLocation: true })]));
}

const packageVersion = (): string => (JSON.parse(readFileSync(root('package.json'), 'utf8')) as { version: string }).version;

function report(verdict: ReleaseVerdict, releasedVersion: string): void {
  const safe = [...new Set(verdict.safe.map((c) => c.coordinate))];
  const listed = safe.length > 12 ? [...safe.slice(0, 12), `and ${safe.length - 12} more`] : safe;
  console.log(`Schema changes since version ${releasedVersion}: ${safe.length} safe${safe.length ? ` (${listed.join(', ')})` : ''}.`);
  for (const warning of verdict.warnings) console.log(`  ${warning}`);
  if (verdict.warnings.some((w) => w.startsWith('dangerous:'))) console.log('Dangerous changes pass: tell clients about them in CHANGELOG.md.');
  for (const failure of verdict.failures) console.error(`\n${failure}`);
}

/** The release in the changelog: its `## [Unreleased]` section becomes `## [version] - date`. */
export function dateRelease(changelog: string, version: string, date: string): string {
  if (!changelog.includes(`${UNRELEASED_HEADING}\n`)) throw new Error(`CHANGELOG.md has no "${UNRELEASED_HEADING}" section to release`);
  return changelog.replace(`${UNRELEASED_HEADING}\n`, `## [${version}] - ${date}\n`);
}

async function main(args: string[]): Promise<number> {
  const released = readReleased();
  const current = withoutHeader(publishedSchema());
  const changelog = readFileSync(CHANGELOG_PATH, 'utf8');
  const version = packageVersion();
  const changes = await schemaChanges(released.sdl, current);
  const verdict = checkRelease({ changes, changelog, releasedVersion: released.version, version, files: schemaFiles() });
  report(verdict, released.version);
  if (verdict.failures.length > 0) {
    console.error(`\n${verdict.failures.length} schema change(s) may not ship as they are (docs/schema-changes.md).`);
    return 1;
  }
  if (!args.includes('--release')) return 0;
  writeFileSync(RELEASED_SCHEMA_PATH, `${releasedHeader(version)}${current}`);
  writeFileSync(CHANGELOG_PATH, dateRelease(changelog, version, new Date().toISOString().slice(0, 10)));
  console.log(`Released version ${version}: wrote ${RELEASED_SCHEMA_PATH} and dated CHANGELOG.md.`);
  return 0;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
