#!/usr/bin/env bash
# `make demo`: builds the web app and serves the whole product — API, built pages and the worker — on
# http://localhost:$PORT over the recorded real data, with a demo account it prints.
set -euo pipefail
source "$(dirname "$0")/env-defaults.sh"
cd "$ROOT"
npm run build -w @walkon/web
export WEB_DIST_DIR=$ROOT/web/dist
seed_demo
start_stripe
run_bg npx tsx server/src/main.ts
run_bg npx tsx jobs/src/main.ts
for _ in $(seq 1 60); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break; sleep 1; done
cat <<MSG

  WalkOn demo:   http://localhost:$PORT
  Payments:      $STRIPE_NOTE; free e-mail day promo code: $DEMO_PROMO
  Demo account:  $DEMO_EMAIL / $DEMO_PASSWORD  (admin; watches every Magic Kingdom ride, e-mail pass for today and tomorrow)
  Live waits:    http://localhost:$PORT/live-wait-times  (Walt Disney World Resort → Magic Kingdom Park)
  Alerts:        the worker polls every 60 s; sent alerts appear in the Get Alerts history and in outbox_messages.
  Queues:        http://localhost:$PORT/admin/queues (admins)
  One tick now:  $TICK_COMMAND   (from $ROOT, in another shell)

MSG
wait -n
