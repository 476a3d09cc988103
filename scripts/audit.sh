#!/usr/bin/env bash
# `make audit`: serve the built app on a spare port with the recorded data, run Lighthouse, stop the server.
set -euo pipefail
source "$(dirname "$0")/env-defaults.sh"
cd "$ROOT"
export PORT=${AUDIT_PORT:-3077}
export PUBLIC_ORIGIN=http://localhost:$PORT
export WEB_DIST_DIR=$ROOT/web/dist
# Not NODE_ENV=production: the production profile refuses an http:// PUBLIC_ORIGIN (README "Running in
# production"); the built pages are the same, only HSTS and the Secure cookie flag differ on this local http run.
export LOG_LEVEL=warn
run_bg npx tsx server/src/main.ts
for _ in $(seq 1 60); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break; sleep 1; done
# Warm the catalogue and the Magic Kingdom live data so the pages audit with content.
curl -fs "http://127.0.0.1:$PORT/trpc/waitTimes.destinations" >/dev/null || true
AUDIT_URL=http://localhost:$PORT npx tsx scripts/audit.ts
