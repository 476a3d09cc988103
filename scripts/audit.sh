#!/usr/bin/env bash
# `make audit`: on its own database (<DATABASE_URL's name>_audit, migrated, the demo account seeded: it watches every
# Magic Kingdom ride with an e-mail pass for today, history loaded), serve the built app on a spare port with the
# recorded data, sign the demo account in, run Lighthouse (scripts/audit.ts), stop the server.
set -euo pipefail
source "$(dirname "$0")/env-defaults.sh"
cd "$ROOT"
export DATABASE_URL="${DATABASE_URL%/*}/$(basename "${DATABASE_URL%%\?*}")_audit"
export PORT=${AUDIT_PORT:-$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}
export PUBLIC_ORIGIN=http://localhost:$PORT
export WEB_DIST_DIR=$ROOT/web/dist
# Not NODE_ENV=production: the production profile refuses an http:// PUBLIC_ORIGIN (README "Running in
# production"); the built pages are the same, only HSTS and the Secure cookie flag differ on this local http run.
export LOG_LEVEL=warn
npx tsx db/src/migrate.ts
seed_demo
run_bg npx tsx server/src/main.ts
for _ in $(seq 1 60); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break; sleep 1; done
# Warm the catalogue and the Magic Kingdom live data so the pages audit with content.
curl -fs "http://127.0.0.1:$PORT/trpc/waitTimes.destinations" >/dev/null || true
curl -fs "http://127.0.0.1:$PORT/api/live/$MK_PARK_ID" >/dev/null || true
AUDIT_URL=http://localhost:$PORT AUDIT_EMAIL=$DEMO_EMAIL AUDIT_PASSWORD=$DEMO_PASSWORD npx tsx scripts/audit.ts
