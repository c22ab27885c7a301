// The primary's side of the invalidation relay (src/cluster-invalidations.ts), with stand-in workers:
// a publisher hears `done` only once every other live worker applied the scopes, and a worker that
// exits meanwhile is not waited for.
import type { Worker } from 'node:cluster';
import { describe, expect, it } from 'vitest';
import { InvalidationRelay } from '../../src/cluster-invalidations.ts';

interface StandIn {
  worker: Worker;
  sent: any[];
  dead: boolean;
}

function standIn(id: number): StandIn {
  const self: StandIn = {
    sent: [],
    dead: false,
    worker: { id, isDead: () => self.dead, send: (message: unknown) => self.sent.push(message) } as unknown as Worker,
  };
  return self;
}

const publish = (id: number, scopes: string[]) => ({ type: 'gateway:invalidation-publish', id, change: { scopes } });
const applied = (id: number) => ({ type: 'gateway:invalidation-applied', id });

describe('InvalidationRelay', () => {
  it('relays the scopes to every other worker and answers the publisher once all applied them', () => {
    const [a, b, c] = [standIn(1), standIn(2), standIn(3)];
    const relay = new InvalidationRelay(() => [a.worker, b.worker, c.worker]);
    relay.heard(a.worker, publish(7, ['flag:1:2']));
    expect(a.sent).toEqual([]);
    const [toB] = b.sent;
    expect(toB).toMatchObject({ type: 'gateway:invalidation-apply', change: { scopes: ['flag:1:2'] } });
    expect(c.sent).toEqual([toB]);
    relay.heard(b.worker, applied(toB.id));
    expect(a.sent).toEqual([]);
    relay.heard(c.worker, applied(toB.id));
    expect(a.sent).toEqual([{ type: 'gateway:invalidation-done', id: 7 }]);
  });

  it('waits for no worker that exits, and answers a lone worker at once', () => {
    const [a, b] = [standIn(1), standIn(2)];
    const relay = new InvalidationRelay(() => [a.worker, b.worker]);
    relay.heard(a.worker, publish(1, ['all']));
    b.dead = true;
    relay.exited(b.worker);
    expect(a.sent).toEqual([{ type: 'gateway:invalidation-done', id: 1 }]);
    relay.heard(a.worker, publish(2, ['all']));
    expect(a.sent.at(-1)).toEqual({ type: 'gateway:invalidation-done', id: 2 });
  });
});
