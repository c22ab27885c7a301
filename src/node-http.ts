// node:http loaded through `require`, not `import`: importing a builtin into an ES module builds
// its ES module facade from every export, and node:http's WebSocket, CloseEvent and MessageEvent
// getters then load Node's own bundled undici (fetch, WebSocket, ~2 MiB resident), which the
// gateway never uses (docs/performance.md, "Memory"). `import type` from 'node:http' costs nothing.
import { createRequire } from 'node:module';
import type * as NodeHttp from 'node:http';

const nodeHttp = createRequire(import.meta.url)('node:http') as typeof NodeHttp;

export const { createServer } = nodeHttp;
