/** Fault injection for gateway error tests: the next matching request(s) get the fault instead. */
export interface FaultSpec {
  method?: string;
  path?: string | RegExp;
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  destroySocket?: boolean;
  /** How many matching requests get the fault (default 1). */
  times?: number;
}

export class FaultQueue {
  private readonly faults: Array<{ spec: FaultSpec; remaining: number }> = [];

  add(spec: FaultSpec): void {
    this.faults.push({ spec, remaining: spec.times ?? 1 });
  }

  /** Takes one use of the first fault matching the request, if any. */
  take(method: string, pathname: string): FaultSpec | undefined {
    const index = this.faults.findIndex(({ spec }) => matches(spec, method, pathname));
    if (index === -1) return undefined;
    const fault = this.faults[index]!;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults.splice(index, 1);
    return fault.spec;
  }
}

function matches(spec: FaultSpec, method: string, pathname: string): boolean {
  if (spec.method && spec.method.toUpperCase() !== method) return false;
  if (spec.path === undefined) return true;
  if (typeof spec.path === 'string') return spec.path === pathname || spec.path.replace(/\/$/, '') === pathname.replace(/\/$/, '');
  spec.path.lastIndex = 0;
  return spec.path.test(pathname);
}
