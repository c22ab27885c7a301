// The parts of undici that src/upstream-client/transport/tuning/undici-pool.ts loads, typed as the package types them.
declare module 'undici/lib/dispatcher/pool.js' {
  import { Pool } from 'undici';
  export default Pool;
}

declare module 'undici/lib/core/errors.js' {
  import type { errors } from 'undici';
  const undiciErrors: typeof errors;
  export default undiciErrors;
}

declare module 'undici/lib/dispatcher/dispatcher.js' {
  import { Dispatcher } from 'undici';
  export default Dispatcher;
}

declare module 'undici/lib/api/index.js' {
  const api: Record<'request' | 'stream' | 'pipeline' | 'upgrade' | 'connect', unknown>;
  export default api;
}
