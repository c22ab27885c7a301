// Preloaded into client processes under test (`node --import`): any connection to a host other than
// loopback throws, so a client that reaches for the network outside the test fails loudly instead of
// depending on it (test/clients/slow/posthog-cli.test.ts).
import net from 'node:net';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const refuse = (host) => {
  throw new Error(`loopback-only: refused a connection to ${host}`);
};

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  // net.connect() hands its normalized arguments over as one array.
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const options = typeof first === 'object' && first !== null ? first : { port: first, host: typeof args[1] === 'string' ? args[1] : undefined };
  if (options.path === undefined && !LOOPBACK.has(options.host ?? 'localhost')) refuse(options.host);
  return connect.apply(this, args);
};
