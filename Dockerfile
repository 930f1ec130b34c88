# The store's image: the same build and the same commands as the multi-instance test
# (scripts/multi-instance.mjs: COMMANDS). Built here, not run: this machine has no
# container engine (docs/operations.md "Containers").
#
#   docker build -t store .
#   docker compose up            # PostgreSQL, Redis, the migration, two instances, HAProxy on :8080
FROM node:22-bookworm-slim AS build
WORKDIR /store
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY packages/core/package.json packages/core/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
# pg_dump/pg_restore for npm run backup / restore
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
WORKDIR /store
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
COPY --from=build /store/package.json ./
COPY --from=build /store/node_modules node_modules
COPY --from=build /store/packages/core/package.json packages/core/
COPY --from=build /store/packages/core/dist packages/core/dist
COPY --from=build /store/apps/server/package.json apps/server/
COPY --from=build /store/apps/server/dist apps/server/dist
COPY --from=build /store/apps/web/build apps/web/build
COPY --from=build /store/apps/admin/build apps/admin/build
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=2s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/server/dist/main.js"]
