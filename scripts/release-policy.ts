// Whether the schema changes since the last release may ship under the version being prepared
// (docs/schema-changes.md): every breaking change recorded in CHANGELOG.md (Keep a Changelog form)
// with its schema coordinate and a migration note, and a major version for it (or, while the
// version is 0.x, an explicitly recorded exception, as semver allows for 0.x).
import type { DocumentNode } from 'graphql';
import { schemaFileOf, type SchemaChange } from './schema-changes.ts';

/** One `## [version] - date` section of the changelog, or the `## [Unreleased]` one (version `Unreleased`, no date). */
export interface ChangelogSection {
  version: string;
  /** The release date; empty for the Unreleased section. */
  date: string;
  body: string;
}

/** The heading of the section in preparation, as Keep a Changelog names it; a release dates it under its version. */
const UNRELEASED = 'Unreleased';
export const UNRELEASED_HEADING = `## [${UNRELEASED}]`;

export function changelogSections(text: string): ChangelogSection[] {
  const heads = [...text.matchAll(/^## \[([^\]]+)\](?: - (.+))?$/gm)];
  return heads.map((head, i) => ({
    version: head[1]!,
    date: (head[2] ?? '').trim(),
    body: text.slice(head.index + head[0].length, heads[i + 1]?.index ?? text.length),
  }));
}

/** The bullets of the section's `### Breaking...` subsection, each with its continuation lines. */
export function breakingEntries(section: ChangelogSection): string[] {
  const sub = /^### Breaking.*$([\s\S]*?)(?=^### |(?![\s\S]))/m.exec(section.body)?.[1] ?? '';
  return sub
    .split(/^- /m)
    .slice(1)
    .map((entry) => entry.replace(/\s+/g, ' ').trim());
}

/** The marker that allows breaking changes in a minor version while the major version is 0. */
const ZERO_EXCEPTION = /\*\*0\.x exception:\*\*\s*\S/;

type Version = [number, number, number];

export function parseVersion(text: string): Version {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not a semantic version (major.minor.patch)`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const compare = (a: Version, b: Version): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

export interface ReleaseInputs {
  changes: SchemaChange[];
  changelog: string;
  /** The version the baseline (published/subgraph.released.graphql) was released in. */
  releasedVersion: string;
  /** package.json `version`: the version being prepared. */
  version: string;
  /** The schema files by path, to name the file to edit. */
  files: ReadonlyMap<string, DocumentNode>;
}

export interface ReleaseVerdict {
  failures: string[];
  /** Dangerous changes (reported, allowed) and recorded breaking changes. */
  warnings: string[];
  safe: SchemaChange[];
}

const entryTemplate = (change: SchemaChange) => `- \`${change.coordinate}\`: ${change.message}. Migration: <what clients change>.`;

/** Checks the changes against the changelog and the versions; pure, so tests feed it SDL pairs. */
export function checkRelease({ changes, changelog, releasedVersion, version, files }: ReleaseInputs): ReleaseVerdict {
  const verdict: ReleaseVerdict = { failures: [], warnings: [], safe: changes.filter((c) => c.severity === 'safe') };
  for (const change of changes.filter((c) => c.severity === 'dangerous')) {
    verdict.warnings.push(`dangerous: \`${change.coordinate}\` (${change.type}): ${change.message}`);
  }
  if (changes.length === 0) return verdict;
  const [released, next] = [parseVersion(releasedVersion), parseVersion(version)];
  const section = changelogSections(changelog).find((s) => s.version === UNRELEASED);
  if (compare(next, released) <= 0 || !section) {
    verdict.failures.push(
      `The schema changed since version ${releasedVersion} (published/subgraph.released.graphql), but package.json's version ${version} ` +
        `is not above ${releasedVersion}, or CHANGELOG.md has no "${UNRELEASED_HEADING}" section: ` +
        `bump it (npm version minor --no-git-tag-version) and record the changes under that section.`,
    );
    return verdict;
  }
  const breaking = changes.filter((c) => c.severity === 'breaking');
  const entries = breakingEntries(section);
  for (const change of breaking) {
    const entry = entries.find((e) => e.includes(`\`${change.coordinate}\``));
    if (entry && /Migration:\s*\S/.test(entry)) {
      verdict.warnings.push(`breaking, recorded in CHANGELOG.md: \`${change.coordinate}\` (${change.type})`);
      continue;
    }
    verdict.failures.push(
      `Breaking change ${change.type} at \`${change.coordinate}\`: ${change.message}.\n` +
        `  Either undo it in ${schemaFileOf(change.coordinate, files)}, or record it in CHANGELOG.md under "${UNRELEASED_HEADING}", "### Breaking", as\n` +
        `  ${entryTemplate(change)}` +
        (entry ? '\n  (The entry for it has no "Migration:" note.)' : ''),
    );
  }
  if (breaking.length > 0 && next[0] === released[0]) {
    if (released[0] > 0) {
      verdict.failures.push(
        `${breaking.length} breaking change(s) need a major version: ${version} keeps major ${released[0]} of ${releasedVersion} (npm version major --no-git-tag-version).`,
      );
    } else if (!ZERO_EXCEPTION.test(section.body)) {
      verdict.failures.push(
        `${breaking.length} breaking change(s) in ${version}, a minor version of ${releasedVersion}: while the version is 0.x that needs an explicit ` +
          `"**0.x exception:** <why>" line in its CHANGELOG.md section, or version 1.0.0.`,
      );
    }
  }
  return verdict;
}
