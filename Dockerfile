# The gateway as a container: Node 24, non-root, production dependencies only, plain JavaScript
# (no TypeScript at run time: type stripping costs ~26 MB per process). Build from the repository root:
#   docker build -t posthog-graphql-gateway .
# The same image runs the local upstream (`node dist/local-upstream/main.js`) and the example
# reviews subgraph (`node dist/deploy/reviews-subgraph.js`) of deploy/compose.yaml.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: the pinned `node` devDependency downloads a Node binary the image already has.
RUN npm ci --no-audit --no-fund --ignore-scripts
# ...so the dependency patches (patches/README.md) are applied here, by hand, and the patched
# packages copied into the final image over their unpatched production install.
COPY patches patches
RUN npx patch-package --error-on-fail
COPY tsconfig.json tsconfig.build.json ./
COPY scripts/copy-build-assets.ts scripts/
COPY schema schema
COPY src src
COPY local-upstream local-upstream
COPY rest-interface rest-interface
COPY deploy/reviews-subgraph.ts deploy/
RUN npm run build

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    PORT=4000 \
    HOST=0.0.0.0 \
    SHUTDOWN_DELAY_MS=5000
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules node_modules
COPY --from=build --chown=root:root /app/node_modules/graphql-jit node_modules/graphql-jit
COPY --from=build --chown=root:root /app/node_modules/@apollo/server node_modules/@apollo/server
COPY --from=build --chown=root:root /app/dist dist
COPY package.json ./
# The image's unprivileged user; the code and dependencies stay read-only to it.
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node runs as PID 1 (no npm or shell in between), so SIGTERM reaches the gateway: it turns unready, waits
# SHUTDOWN_DELAY_MS, drains and exits (set WORKERS=auto for one worker per core).
# The node flags and MALLOC_ARENA_MAX (ENV above) of `npm run start:prod` (docs/performance.md, "Memory";
# test/production/memory.test.ts keeps both the same): 16 MiB semi-spaces, an old generation that grows
# at most 2x between full collections, gc exposed for the one memory-reducing collection after
# startup, and glibc's malloc in two arenas rather than up to eight per core.
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=100", "--expose-gc", "dist/src/main.js"]
