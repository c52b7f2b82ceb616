# Seer in a container: a thin shell around scripts/build-production.sh, the same production
# install CI checks (scripts/check-production-install.mjs) and the systemd example uses
# (deploy/seer.service). The compiled server is the container's main process, so it receives
# SIGTERM itself and stops cleanly (decision 040). Build: docker build -t seer .
# Run: docker run --env-file .env -p 8080:8080 -v seer-data:/data seer   (see deploy/compose.yaml)

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN scripts/build-production.sh

FROM node:22-bookworm-slim
# MALLOC_*: glibc returns the memory libvips freed after decoding an image (decision 035).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# A font for the text of shared tarot pictures drawn with sharp (decision 054).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
# DATA_DIR holds the embedded PostgreSQL when no DATABASE_URL is given (trying Seer out).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
