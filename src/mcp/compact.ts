// The compact answer an agent reads (src/mcp/output-schema.ts decides where): at each noted
// connection, `edges: [{ cursor, node }]` becomes `nodes: [node]`; `pageInfo` and the rest stay.
import type { OutputShape } from './output-schema.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** `data` made compact at the shape's connection paths (a new value; `data` is not changed). */
export function compactAnswer(data: Json, shape: OutputShape): Json {
  return shape.compactPaths.size === 0 ? data : compact(data, '', shape.compactPaths);
}

function compact(value: Json, path: string, paths: ReadonlySet<string>): Json {
  if (Array.isArray(value)) return value.map((item) => compact(item, path, paths));
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: Json } = {};
  for (const [key, item] of Object.entries(value)) out[key] = compact(item, `${path}${path ? '.' : ''}${key}`, paths);
  if (paths.has(path) && Array.isArray(out.edges)) {
    const nodes = out.edges.map((edge) => (edge !== null && typeof edge === 'object' && !Array.isArray(edge) ? (edge.node ?? null) : null));
    delete out.edges;
    out.nodes ??= nodes;
  }
  return out;
}

export type { Json };
