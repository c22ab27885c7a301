// undici's Pool and errors, loaded without undici's index: the index also loads fetch, WebSocket,
// the HTTP caches, mock agents... (~12 MB resident, docs/performance.md "Memory"), none of which
// the gateway uses. The index's one other job is done here, as it does it: every dispatcher gets
// the `request` API (and its siblings).
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import api from 'undici/lib/api/index.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import undiciErrors from 'undici/lib/core/errors.js';

Object.assign(Dispatcher.prototype, api);

export { Pool, undiciErrors };
