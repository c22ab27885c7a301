// Child processes of the benchmarks: `node <args>` with the Node running the benchmark (24), ready
// once it prints its URL. A thin layer over deploy/processes.ts.
import { startProgram } from '../deploy/processes.ts';

export { freePort } from '../deploy/processes.ts';

export interface Child {
  name: string;
  pid: number;
  /** The first URL the child printed (its trailing slash removed). */
  url: string;
  /** Everything the child wrote so far (stdout and stderr). */
  output(): string;
  /** SIGTERM unless it already exited; resolves when it has. */
  stop(): Promise<unknown>;
}

/** Starts `node <args>` and waits until its output matches `urlPattern`. */
export async function startProcess(name: string, args: string[], env: Record<string, string>, urlPattern: RegExp): Promise<Child> {
  const program = await startProgram(name, process.execPath, args, urlPattern, { env });
  return {
    name,
    pid: program.process.pid!,
    url: program.ready[0]!.replace(/\/$/, ''),
    output: () => program.output(),
    stop: () => program.stop(),
  };
}
