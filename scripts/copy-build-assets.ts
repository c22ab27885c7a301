// `npm run build`, after tsc: the files the compiled program reads at run time, next to it in dist/
// (the SDL, read by src/schema.ts; the local upstream's plugin repository; the operations shipped as MCP tools).
import { cpSync } from 'node:fs';

for (const dir of ['schema', 'local-upstream/data', 'src/mcp/operations']) cpSync(dir, `dist/${dir}`, { recursive: true });
