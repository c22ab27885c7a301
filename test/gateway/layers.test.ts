// The layer rules of docs/architecture.md, read from the import graph of src/ with the
// TypeScript compiler: no import cycles, and no import against the direction of the layers. And
// the fence around the code that exists only for speed or memory (docs/performance.md): each such
// module says so in its first line, with how to switch it off or why it cannot be, and is imported
// only from its one place.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** src-relative file -> what it imports: other src-relative files, or bare package names. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map(({ fileName }) => (fileName.startsWith('.') ? relative(SRC, resolve(dirname(file), fileName)) : fileName));
    graph.set(relative(SRC, file), targets);
  }
  return graph;
}

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (file: string, path: string[]): void => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'visiting') {
      found.push([...path.slice(path.indexOf(file)), file]);
      return;
    }
    state.set(file, 'visiting');
    for (const target of graph.get(file) ?? []) if (graph.has(target)) visit(target, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file, []);
  return found;
}

/** Imports of files under `layer` that match one of `forbidden` (src-relative prefixes or package names). */
function wrongWay(graph: Map<string, string[]>, layer: string, forbidden: string[]): string[] {
  return [...graph]
    .filter(([file]) => file.startsWith(layer))
    .flatMap(([file, targets]) =>
      targets.filter((target) => forbidden.some((f) => target === f || target.startsWith(f))).map((target) => `${file} -> ${target}`),
    );
}

describe('layers of src/', () => {
  const graph = importGraph();

  it('reads the whole graph', () => {
    expect(graph.get('server.ts')).toContain('context.ts');
    expect(graph.size).toBeGreaterThan(40);
  });

  it('has no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('the upstream client knows nothing of GraphQL, the gateway or its callers', () => {
    const callers = ['graphql', '@apollo/', 'context.ts', 'errors.ts', 'resolvers/', 'loaders/', 'relay/', 'generated/', 'apollo-plugins/', 'server.ts'];
    expect(wrongWay(graph, 'upstream-client/', callers)).toEqual([]);
  });

  it('the upstream client’s own layers point down: endpoints -> client -> across requests -> transport (docs/architecture.md)', () => {
    const U = 'upstream-client/';
    expect(wrongWay(graph, `${U}client/`, [`${U}endpoints/`])).toEqual([]);
    expect(wrongWay(graph, `${U}across-requests/`, [`${U}endpoints/`, `${U}client/`])).toEqual([]);
    expect(wrongWay(graph, `${U}transport/`, [`${U}endpoints/`, `${U}client/`, `${U}across-requests/`])).toEqual([]);
    const loose = [...graph.keys()].filter((file) => file.startsWith(U) && !/^upstream-client\/(endpoints|client|across-requests|transport)\//.test(file));
    expect(loose).toEqual([]);
  });

  it('relay/ knows nothing of HTTP or the upstream', () => {
    expect(wrongWay(graph, 'relay/', ['upstream-client/', 'loaders/', 'resolvers/', 'context.ts', 'server.ts', 'undici', 'express', 'node:http'])).toEqual([]);
  });

  it('loaders do not import error mapping, resolvers or GraphQL', () => {
    expect(wrongWay(graph, 'loaders/', ['errors.ts', 'resolvers/', 'relay/', 'graphql', 'context.ts'])).toEqual([]);
  });

  it('generated types never import resolver files', () => {
    expect(wrongWay(graph, 'generated/', ['resolvers/', 'loaders/'])).toEqual([]);
  });

  it('nothing below the resolvers imports them, and resolvers never speak HTTP themselves', () => {
    const below = ['upstream-client/', 'loaders/', 'relay/', 'errors.ts', 'context.ts'];
    expect(below.flatMap((layer) => wrongWay(graph, layer, ['resolvers/']))).toEqual([]);
    expect(wrongWay(graph, 'resolvers/', ['undici', 'upstream-client/transport/report.ts', 'server.ts'])).toEqual([]);
  });
});

/**
 * The modules that exist only for speed or memory (docs/performance.md), each with the only files
 * that may import them. A module whose first line says `Performance-only` must be listed here.
 */
const PERFORMANCE_ONLY: Record<string, string[]> = {
  'upstream-client/transport/tuning/parsed-answers.ts': ['upstream-client/client/http.ts', 'upstream-client/client/settings.ts'],
  'upstream-client/transport/tuning/exchange.ts': [
    'upstream-client/client/http.ts',
    'upstream-client/transport/response.ts',
    'upstream-client/transport/tuning/body-release.ts',
  ],
  'upstream-client/transport/tuning/call-signal.ts': [
    'upstream-client/transport/call-deadline.ts',
    'upstream-client/transport/tuning/exchange.ts',
    'upstream-client/transport/connection-slots.ts',
    'upstream-client/client/http.ts',
  ],
  'relay/global-id-memo.ts': ['relay/global-id.ts'],
  'upstream-client/transport/tuning/body-release.ts': ['upstream-client/client/http.ts'],
  'upstream-client/transport/tuning/undici-pool.ts': ['upstream-client/client/http.ts', 'upstream-client/transport/failures.ts', 'readiness.ts'],
  'resolvers/support/plain-field-getters.ts': ['resolvers/feature-flag.ts', 'resolvers/plugin.ts', 'resolvers/feature-flag-role-access.ts'],
};

const firstLine = (file: string) => readFileSync(join(SRC, file), 'utf8').split('\n', 1)[0]!;

describe('the fence around performance-only code', () => {
  const graph = importGraph();

  it.each(Object.entries(PERFORMANCE_ONLY))('%s is imported only from %j', (module, places) => {
    const importers = [...graph].filter(([, targets]) => targets.includes(module)).map(([file]) => file);
    expect(importers.length).toBeGreaterThan(0);
    expect(importers.filter((file) => !places.includes(file))).toEqual([]);
  });

  it.each(Object.keys(PERFORMANCE_ONLY))('%s says in its first line that it is performance-only, and how to switch it off or why not', (module) => {
    const header = readFileSync(join(SRC, module), 'utf8').split(/\n(?!\/\/)/, 1)[0]!;
    expect(firstLine(module)).toMatch(/^\/\/ Performance-only/);
    expect(header).toMatch(/Off: [A-Z_]+=|Always on: /);
  });

  it('the upstream client’s performance-only modules are all in its transport’s tuning folder, and that folder holds nothing else', () => {
    const tuning = [...graph.keys()].filter((file) => file.startsWith('upstream-client/transport/tuning/'));
    const declared = Object.keys(PERFORMANCE_ONLY).filter((file) => file.startsWith('upstream-client/'));
    expect(tuning.sort()).toEqual(declared.sort());
  });

  it('every module that says it is performance-only is listed in the fence', () => {
    const declared = [...graph.keys()].filter((file) => /^\/\/ Performance-only/.test(firstLine(file)));
    expect(declared.sort()).toEqual(Object.keys(PERFORMANCE_ONLY).sort());
  });
});
