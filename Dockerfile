# syntax=docker/dockerfile:1
# One image, two binaries (ARCHITECTURE.md "Identity"): runtimed is the entrypoint (the sidecar the injector
# adds passes only args), bundled into dist/runtimed (scripts/bundle.mjs says why); the injector Deployment runs
# `node /app/dist/cmd/injector/main.js` as its command.

# Node 24 LTS: the toolchain the project builds and tests on (make brings it where the machine is older).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY cmd ./cmd
COPY pkg ./pkg
COPY scripts/bundle.mjs ./scripts/
RUN npx tsc -p tsconfig.build.json && node scripts/bundle.mjs

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production
# glibc's malloc, read once at process start: large blocks in mappings of their own and two arenas, so freed
# memory goes back to the system instead of staying resident in the arena (cmd/runtimed/allocator.ts says why;
# a test keeps the two equal).
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
# V8's young generation at 16 MiB semi-spaces instead of the 64 MiB it derives from a large host (the same file
# says why); a pod with a memory limit gets the injector's NODE_OPTIONS instead.
ENV NODE_OPTIONS=--max-semi-space-size=16
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /src/dist ./dist
COPY proto ./proto
# Numeric uid/gid (the image's `node` user) so the kubelet can verify runAsNonRoot.
USER 1000:1000
EXPOSE 3500 9090 4000
ENTRYPOINT ["node", "/app/dist/runtimed/main.js"]
