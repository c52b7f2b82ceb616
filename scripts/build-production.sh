#!/usr/bin/env bash
# A production install, built once: every dependency (build tools too), the Mini App and the
# compiled server, then the build tools removed (`npm prune --omit=dev`). What is left runs with
# `node apps/server/dist/main.js` and needs no esbuild, vite, tsx or TypeScript.
# The Dockerfile, the systemd example (deploy/) and CI (scripts/check-production-install.mjs) all
# run this script, so the three cannot drift. Run it at the repository's root of a fresh copy.
set -euo pipefail
cd "$(dirname "$0")/.."

node -e 'const [major, minor] = process.versions.node.split(".").map(Number); if (major < 22 || (major === 22 && minor < 12)) { console.error(`Seer needs Node 22.12 or newer (this is ${process.version})`); process.exit(1); }'
# postinstall patches the database driver and compiles the server; the Mini App is built below.
SEER_SKIP_WEB_BUILD=1 npm ci --no-audit --no-fund
npm run build
npm prune --omit=dev --no-audit --no-fund
for tool in esbuild vite tsx typescript vitest; do
  if [ -e "node_modules/$tool" ]; then
    echo "build-production: node_modules/$tool is still installed after the prune" >&2
    exit 1
  fi
done
test -f apps/server/dist/main.js && test -f apps/web/dist/index.html
echo "build-production: ready; start with: node --enable-source-maps apps/server/dist/main.js"
