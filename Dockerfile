# RepoRooms production image. The build stage installs every dependency, builds the client and
# the server bundle (`npm run build` → dist/) and drops the development dependencies; the runtime
# stage holds only dist/, package.json and the production node_modules, and runs as `node`.
#
#   docker build -t reporooms .
#   docker run -p 3000:3000 reporooms          (demo mode, SQLite inside the container)
#   docker compose up --build                  (PostgreSQL, Redis, two processes, nginx: compose.yaml)

# Node 24, an LTS line maintained until April 2028. Node 20 reached its end of life in April 2026,
# and some dependencies already need 22 or later (cookie 2, under @fastify/cookie and
# light-my-request). Why 24 rather than 26 (LTS since October 2026): better-sqlite3 12, the one
# native module, has supported Node 24 since its first 12.x release, and Node 26 only since 12.10.
# The build stage keeps the compilers, so it is built from source when no prebuilt binary can be
# downloaded. The code also runs on Node 20.19+
# (package.json "engines"), where the test suites run.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 is compiled from source when its prebuilt binary cannot be downloaded.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# The lockfile and package.json's install-script allowlist are npm 11's.
RUN npm install --global npm@11 --no-audit --no-fund
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Pruned in place, so the compiled better-sqlite3 is kept rather than built a second time.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/app/data
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The generated session secret (and a SQLite file, when DATABASE_URL is not set) live here: mount
# a volume on it to keep them across containers.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
