// A CPU profile of a benchmark child through its inspector (`node --inspect=127.0.0.1:0`), so only
// the measured requests are profiled (not start-up, not shutdown), and a summary of where the
// time went: self time by function and by package.
import WebSocket from 'ws';
import type { Child } from './processes.ts';

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export class Inspector {
  readonly #socket: WebSocket;
  readonly #pending = new Map<number, (result: unknown) => void>();
  #nextId = 1;

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: unknown };
      if (message.id === undefined) return;
      this.#pending.get(message.id)?.(message.error ? Promise.reject(new Error(JSON.stringify(message.error))) : message.result);
      this.#pending.delete(message.id);
    });
  }

  /** Connects to the inspector `child` announced on stderr. */
  static async connect(child: Child): Promise<Inspector> {
    const url = /Debugger listening on (ws:\/\/\S+)/.exec(child.output())?.[1];
    if (!url) throw new Error(`bench: ${child.name} runs without the inspector`);
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new Inspector(socket);
  }

  send<T = unknown>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.#nextId++;
    this.#socket.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve) => this.#pending.set(id, resolve as (result: unknown) => void));
  }

  async startProfile(): Promise<void> {
    await this.send('Profiler.enable');
    await this.send('Profiler.setSamplingInterval', { interval: 100 });
    await this.send('Profiler.start');
  }

  async stopProfile(): Promise<CpuProfile> {
    return (await this.send<{ profile: CpuProfile }>('Profiler.stop')).profile;
  }

  /** Samples where memory is allocated (V8's sampling heap profiler), one sample per `intervalBytes` on average. */
  async startAllocationSampling(intervalBytes = 4096): Promise<void> {
    await this.send('HeapProfiler.enable');
    await this.send('HeapProfiler.startSampling', {
      samplingInterval: intervalBytes,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }

  async stopAllocationSampling(): Promise<AllocationProfile> {
    return (await this.send<{ profile: AllocationProfile }>('HeapProfiler.stopSampling')).profile;
  }

  close(): void {
    this.#socket.close();
  }
}

export interface AllocationNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocationNode[];
}

export interface AllocationProfile {
  head: AllocationNode;
}

/** The `count` functions and packages that allocate the most, in bytes per request (sampled: an estimate). */
export function topAllocations(profile: AllocationProfile, count: number, requests: number) {
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const visit = (node: AllocationNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    if (node.selfSize > 0) {
      const fn = `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + node.selfSize);
      const pkg = packageOf(functionName, url, lineNumber);
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.selfSize);
    }
    for (const child of node.children) visit(child);
  };
  visit(profile.head);
  const top = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, bytes]) => ({ name, 'bytes/request': Math.round(bytes / requests) }));
  return { functions: top(byFunction), packages: top(byPackage) };
}

/** The `count` functions and packages with the most self time, in % of the profile (idle left out) and µs per request. */
export function topSelfTime(profile: CpuProfile, count: number, requests: number) {
  const selfUs = new Map<number, number>();
  profile.samples.forEach((node, i) => selfUs.set(node, (selfUs.get(node) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (!us || functionName === '(idle)') continue;
    total += us;
    const fn = `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const pkg = packageOf(functionName, url, lineNumber);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const top = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => ({ name, '%': Math.round((us / total) * 1000) / 10, 'µs/request': Math.round((us / requests) * 10) / 10 }));
  return { functions: top(byFunction), packages: top(byPackage) };
}

function shortUrl(url: string): string {
  return url.replace(/^file:\/\/.*?\/node_modules\//, '').replace(/^file:\/\/\/.*?\/(src|dist|bench|local-upstream)\//, '$1/');
}

/**
 * `node_modules/<package>`, node's own code, this repository, V8's pseudo-frames ((garbage
 * collector), (program)), builtins, or the code graphql-jit compiled (`new Function`: no URL, but
 * a line number, which builtins lack).
 */
function packageOf(functionName: string, url: string, lineNumber: number): string {
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/').slice(0, 2).join('/')}`;
  if (!url && functionName.startsWith('(')) return functionName;
  if (!url) return lineNumber >= 0 ? '(compiled queries)' : '(native)';
  return /\/(src|dist\/src)\//.test(url) ? 'gateway' : shortUrl(url).split('/')[0]!;
}
