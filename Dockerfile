# syntax=docker/dockerfile:1
# One image for every role (PROCESS_ROLE=all|web|worker, deploy/README.md). Dependencies and the
# SPA are built in "build"; the runtime keeps the production dependencies, the built SPA and the
# server's TypeScript sources, which tsx runs as `npm start` does (tsx is a dependency, not a
# devDependency, so pruning the dev dependencies keeps it).
# Node 24: the active LTS (Node 20 reached its end of life in April 2026).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
# The code stays owned by root, read-only to the process; only DATA_DIR is the node user's
# (a named volume mounted there starts with this ownership).
RUN mkdir -p /data && chown node:node /data
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json tsconfig.json tsconfig.base.json ./
COPY server ./server
COPY shared ./shared
COPY seed ./seed
COPY migrations ./migrations
USER node
EXPOSE 3000
# `tsx server/main.ts` (npm start) in one process: tsx's CLI would run the server as its child
# and relay signals to it; loaded with --import, SIGTERM reaches the server itself (its drain).
CMD ["node", "--import", "tsx", "server/main.ts"]
