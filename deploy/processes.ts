// Child processes for the demo topology (`npm run demo:cluster`) and the tests that start real
// processes: each child is ready once its output matches a pattern (usually its URL).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface ChildProgram {
  name: string;
  process: ChildProcess;
  /** The first match of the ready pattern (e.g. the URL the child printed); empty without a pattern. */
  ready: RegExpExecArray | [];
  /** Everything the child wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the child has exited. */
  exited: Promise<number | null>;
  /** Sends `signal` (default SIGTERM) unless it already exited; resolves when it has. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartOptions {
  env?: Record<string, string>;
  cwd?: string;
  /** Give up waiting for the ready pattern after this long (default 30 s). */
  timeoutMs?: number;
}

/**
 * Starts `command args` and resolves once its output matches `ready` (at once when `ready` is
 * null: the caller checks readiness itself); rejects if it exits first.
 */
export function startProgram(name: string, command: string, args: string[], ready: RegExp | null, options: StartOptions = {}): Promise<ChildProgram> {
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const program = (match: RegExpExecArray | []): ChildProgram => ({
    name,
    process: child,
    ready: match,
    output: () => output,
    exited,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  });
  return new Promise((resolve, reject) => {
    const timeoutMs = options.timeoutMs ?? 30_000;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} was not ready within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      // The newest 1 MB is plenty for ready patterns and error reports of long-running children.
      output = (output + chunk.toString()).slice(-1_000_000);
      const match = ready?.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve(program(match));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it was ready:\n${output}`));
    });
    if (!ready) {
      clearTimeout(timer);
      resolve(program([]));
    }
  });
}

/** A loopback port that was free a moment ago (for programs that need a fixed port, like redis-server). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a throw-away redis-server on `port` (loopback only, nothing persisted), `settings` added (e.g. `['--maxmemory-policy', 'allkeys-lru']`). */
export function startRedis(port: number, settings: readonly string[] = []): Promise<ChildProgram> {
  return startProgram(
    'redis',
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...settings],
    /Ready to accept connections/,
  );
}
