// Performance-only (memory): undici's Pool and errors without undici's index (docs/performance.md).
// Always on: the gateway uses nothing else of undici. The index also loads fetch, WebSocket, the
// HTTP caches and mock agents, and with them Node's own bundled undici: ~2 MiB more live heap at
// idle, which the old generation's growth factor doubles, and a 50-connection peak 16-18 MiB
// higher (test/gateway/undici-parts.test.ts checks the index stays unloaded). The index's one
// other job is done here as it does it: every dispatcher gets the `request` API (readiness.ts).
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import api from 'undici/lib/api/index.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import undiciErrors from 'undici/lib/core/errors.js';

Object.assign(Dispatcher.prototype, api);

export { Pool, undiciErrors };
