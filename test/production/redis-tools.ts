// Tools for the tests that use Redis (shared-redis.test.ts and every other): the one way to start a
// throw-away redis-server on a free port, a TCP proxy in front of one that can be made to hang
// (accepts, reads, never answers), a reader of every key and value, and MONITOR's command log.
import net from 'node:net';
import { createClient } from '@redis/client';
import { freePort, startRedis, type ChildProgram } from '../../deploy/processes.ts';

/** A throw-away redis-server on a free loopback port, with `settings` added (e.g. `['--maxmemory-policy', 'allkeys-lru']`). */
export async function startLocalRedis(settings: readonly string[] = []): Promise<{ url: string; program: ChildProgram }> {
  const port = await freePort();
  return { url: `redis://127.0.0.1:${port}`, program: await startRedis(port, settings) };
}

/** Forwards to Redis at `port`; `hang()` makes it swallow everything and answer nothing, `forward()` undoes it. */
export async function startRedisProxy(port: number): Promise<{ url: string; hang(): void; forward(): void; close(): Promise<void> }> {
  let hanging = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const redis = net.connect(port, '127.0.0.1');
    for (const socket of [client, redis]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => (client.destroy(), redis.destroy()));
    }
    client.on('data', (data) => void (hanging || redis.write(data)));
    redis.on('data', (data) => void (hanging || client.write(data)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    hang: () => void (hanging = true),
    forward: () => void (hanging = false),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A server that accepts connections and never answers: a hung Redis. */
export async function startHungRedis(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Every key of the Redis at `url` with its value as text (strings, sorted sets' members and scores). */
export async function redisContents(url: string): Promise<Map<string, string>> {
  const client = createClient({ url });
  await client.connect();
  try {
    const contents = new Map<string, string>();
    for await (const keys of client.scanIterator({ COUNT: 1000 })) {
      for (const key of keys) {
        const type = await client.type(key);
        const value = type === 'string' ? await client.get(key) : type === 'zset' ? JSON.stringify(await client.zRangeWithScores(key, 0, -1)) : `(${type})`;
        contents.set(key, value ?? '');
      }
    }
    return contents;
  } finally {
    client.destroy();
  }
}

/** The Redis at `url`'s MONITOR: every command it runs, as its words, from now until `stop()`. */
export async function monitorRedis(url: string): Promise<{ commands: string[][]; stop(): void }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const commands: string[][] = [];
  let pending = '';
  socket.on('data', (data) => {
    pending += data.toString('utf8');
    const lines = pending.split('\r\n');
    pending = lines.pop()!;
    for (const line of lines) {
      // +1733490000.123456 [0 127.0.0.1:50000] "SET" "key" "value"
      const words = line.startsWith('+') && line !== '+OK' ? [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]!) : [];
      if (words.length > 0) commands.push(words);
    }
  });
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write('MONITOR\r\n');
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { commands, stop: () => socket.destroy() };
}
