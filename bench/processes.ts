// Child processes for the benchmark: each prints its URL on stdout when it is ready.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface Child {
  name: string;
  pid: number;
  url: string;
  stop(): void;
}

/** Starts `node <args>` with Node 24 (the one running this script) and waits for a URL on stdout. */
export function startProcess(name: string, args: string[], env: Record<string, string>, urlPattern: RegExp): Promise<Child> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = urlPattern.exec(output)?.[0];
      if (!url) return;
      child.stdout?.off('data', onData);
      child.stdout?.resume(); // keep draining so the child never blocks on a full pipe
      resolve({ name, pid: child.pid!, url: url.replace(/\/$/, ''), stop: () => stop(child) });
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`bench: ${name} exited with ${code} before printing its URL:\n${output}`)));
  });
}

function stop(child: ChildProcess): void {
  if (child.exitCode === null) child.kill('SIGTERM');
}

/** A port that was free a moment ago (the gateway CLI takes a fixed PORT). */
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
