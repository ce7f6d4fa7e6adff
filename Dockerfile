# syntax=docker/dockerfile:1
# Multi-stage build: dependencies and the SPA are built in "build", the runtime image keeps only
# what the server needs and runs as an unprivileged user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
RUN groupadd --system portale && useradd --system --gid portale --home /app portale \
  && mkdir -p /data && chown portale:portale /data
COPY --from=build --chown=portale:portale /app/node_modules ./node_modules
COPY --from=build --chown=portale:portale /app/dist ./dist
COPY --chown=portale:portale package.json tsconfig.json tsconfig.base.json ./
COPY --chown=portale:portale server ./server
COPY --chown=portale:portale shared ./shared
COPY --chown=portale:portale seed ./seed
COPY --chown=portale:portale migrations ./migrations
USER portale
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node_modules/.bin/tsx", "server/main.ts"]
