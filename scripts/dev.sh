#!/usr/bin/env bash
# `make dev`: API (tsx watch, :3000), worker (tsx watch) and the Vite dev server (:5173, proxies the API),
# on the recorded ThemeParks.wiki data (replay) with e-mail and SMS going to the outbox.
set -euo pipefail
source "$(dirname "$0")/env-defaults.sh"
cd "$ROOT"
seed_demo
start_stripe
run_bg npx tsx watch server/src/main.ts
run_bg npx tsx watch jobs/src/main.ts
run_bg npm run dev -w @walkon/web -- --host 127.0.0.1 --port 5173 --strictPort
cat <<MSG

  WalkOn is starting:  http://localhost:5173   (API on http://localhost:$PORT)
  Payments:            $STRIPE_NOTE; free e-mail day promo code: $DEMO_PROMO
  Demo account:        $DEMO_EMAIL / $DEMO_PASSWORD  (admin; watches every Magic Kingdom ride)
  Outbox (sent alerts): /admin/queues for the queues; table outbox_messages in $DATABASE_URL
  One tick now:        $TICK_COMMAND   (from $ROOT, in another shell)

MSG
wait -n
