// The compact answer an agent reads (src/mcp/output-schema.ts decides where): at each noted
// connection, `edges: [{ cursor, node }]` becomes `nodes: [node]`; `pageInfo` and the rest stay.
// Only the objects on the way to a connection are copied; everything else is shared with `data`.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The response keys to follow from one object, and whether that object is a connection to compact. */
export interface Plan {
  here: boolean;
  keys: Map<string, Plan>;
}

/** `data` made compact along the tool's plan (a new value; `data` is not changed); null: nothing to compact. */
export function compactAnswer(data: Json, plan: Plan | null): Json {
  return plan ? compact(data, plan) : data;
}

/** `a.b`, `a.b.edges.node.c` -> a tree of keys, each connection marked; built once per tool (catalog.ts). */
export function compactionPlan(paths: ReadonlySet<string>): Plan | null {
  if (paths.size === 0) return null;
  const root: Plan = { here: false, keys: new Map() };
  for (const path of paths) {
    let plan = root;
    for (const key of path.split('.')) {
      let next = plan.keys.get(key);
      if (!next) plan.keys.set(key, (next = { here: false, keys: new Map() }));
      plan = next;
    }
    plan.here = true;
  }
  return root;
}

function compact(value: Json, plan: Plan): Json {
  if (Array.isArray(value)) return value.map((item) => compact(item, plan));
  if (value === null || typeof value !== 'object') return value;
  const out = { ...value };
  for (const [key, next] of plan.keys) {
    if (key in out) out[key] = compact(out[key]!, next);
  }
  if (plan.here && Array.isArray(out.edges)) {
    const nodes = out.edges.map((edge) => (edge !== null && typeof edge === 'object' && !Array.isArray(edge) ? (edge.node ?? null) : null));
    delete out.edges;
    out.nodes ??= nodes;
  }
  return out;
}

export type { Json };
