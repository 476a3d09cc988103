# Shared defaults for `make dev` and `make demo` (sourced). Every value can be overridden from the shell.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# DATABASE_URL, REDIS_URL and WALKON_FIXTURES_DIR: the defaults every process shares (domain/src/env.ts).
eval "$(cd "$ROOT" && npx tsx scripts/print-env-defaults.ts)"
export PORT=${PORT:-3000}
export PUBLIC_ORIGIN=${PUBLIC_ORIGIN:-http://localhost:$PORT}
export WAIT_TIMES_SOURCE=${WAIT_TIMES_SOURCE:-replay}
export WAIT_TIMES_REPLAY_DIR=${WAIT_TIMES_REPLAY_DIR:-$(cd "$ROOT" && realpath -m "$WALKON_FIXTURES_DIR")}
# The demo lists only the parks with a live recording (every park a picker offers has data).
export WAIT_TIMES_REPLAY_PARKS=${WAIT_TIMES_REPLAY_PARKS:-recorded}
export NOTIFY_TRANSPORT=${NOTIFY_TRANSPORT:-outbox}
# Flight search: Duffel when a token is set, else recorded Duffel example responses replayed (README).
if [[ -n "${DUFFEL_ACCESS_TOKEN:-}" ]]; then export FLIGHTS_SOURCE=${FLIGHTS_SOURCE:-duffel}; else export FLIGHTS_SOURCE=${FLIGHTS_SOURCE:-replay}; fi
export QUEUE_PREFIX=${QUEUE_PREFIX:-walkon}
export DEMO_EMAIL=${DEMO_EMAIL:-demo@walkon.test}
export DEMO_PASSWORD=${DEMO_PASSWORD:-walkon-demo-2026}
MK_PARK_ID=75ea578a-adc8-4116-a54d-dccb60765ef9

# The settings above, written for a second shell: `npx walkon-jobs tick --env-from .walkon-dev.env --park …`
# reads them (jobs/src/cli.ts DEV_ENV_FILE; the shell's own variables still win). Rewritten on every start.
DEV_ENV_FILE=.walkon-dev.env
# Web Push (docs/decisions/038-web-push-channel.md): one VAPID key pair, generated once (web-push's
# generateVAPIDKeys) and kept in $DEV_ENV_FILE across restarts, so browsers subscribed in dev keep receiving.
load_vapid() {
  local name
  for name in VAPID_PUBLIC_KEY VAPID_PRIVATE_KEY; do
    if [[ -z "${!name:-}" && -f "$ROOT/$DEV_ENV_FILE" ]]; then
      export "$name=$(sed -n "s/^$name=\"\(.*\)\"$/\1/p" "$ROOT/$DEV_ENV_FILE" | head -n1)"
    fi
  done
  if [[ -z "${VAPID_PUBLIC_KEY:-}" || -z "${VAPID_PRIVATE_KEY:-}" ]]; then
    local keys
    keys=$(cd "$ROOT" && node -e "const k=require('web-push').generateVAPIDKeys();console.log(k.publicKey+' '+k.privateKey)")
    export VAPID_PUBLIC_KEY=${keys%% *} VAPID_PRIVATE_KEY=${keys##* }
  fi
  export VAPID_SUBJECT=${VAPID_SUBJECT:-mailto:dev@walkon.test}
}
load_vapid
write_dev_env() {
  {
    echo "# Written by scripts/env-defaults.sh (make dev / make demo) at $(date -u +%FT%TZ). Used by: npx walkon-jobs <command> --env-from $DEV_ENV_FILE"
    for name in DATABASE_URL REDIS_URL PUBLIC_ORIGIN WAIT_TIMES_SOURCE WAIT_TIMES_REPLAY_DIR WAIT_TIMES_REPLAY_PARKS NOTIFY_TRANSPORT FLIGHTS_SOURCE QUEUE_PREFIX VAPID_PUBLIC_KEY VAPID_PRIVATE_KEY VAPID_SUBJECT; do
      echo "$name=\"${!name}\""
    done
  } >"$ROOT/$DEV_ENV_FILE"
}
write_dev_env
# The exact command to run one tick of Magic Kingdom from another shell, printed by make dev / make demo.
TICK_COMMAND="npx walkon-jobs tick --env-from $DEV_ENV_FILE --park $MK_PARK_ID"

# Runs the given commands as background children and, on Ctrl-C / exit, stops each one's whole process
# tree (npx → tsx → node), children first.
pids=()
run_bg() { "$@" & pids+=($!); }
kill_tree() {
  local child
  for child in $(pgrep -P "$1" 2>/dev/null); do kill_tree "$child"; done
  kill -TERM "$1" 2>/dev/null || true
}
stop_all() { for p in "${pids[@]}"; do kill_tree "$p"; done; wait 2>/dev/null || true; }
trap stop_all EXIT INT TERM

# Without Stripe keys, card checkout runs against the local Stripe fake (scripts/stripe-fake.ts, a test double
# with a "Test checkout" page); set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to use real Stripe test mode.
start_stripe() {
  if [[ -z "${STRIPE_SECRET_KEY:-}" ]]; then
    export STRIPE_FAKE_PORT=${STRIPE_FAKE_PORT:-12111}
    export STRIPE_SECRET_KEY=sk_test_walkon_fake STRIPE_WEBHOOK_SECRET=whsec_test_walkon_fake
    export STRIPE_API_BASE=http://127.0.0.1:$STRIPE_FAKE_PORT
    run_bg npx tsx "$ROOT/scripts/stripe-fake.ts"
    STRIPE_NOTE="local Stripe fake on $STRIPE_API_BASE (no real charges)"
  else
    STRIPE_NOTE="Stripe (STRIPE_SECRET_KEY)"
  fi
}

# The demo account: an admin who watches every Magic Kingdom attraction with a valid e-mail pass for today and tomorrow (park-local).
seed_demo() {
  npx tsx "$ROOT/scripts/seed-demo.ts"
  npx walkon-jobs watch --email "$DEMO_EMAIL" --park "$MK_PARK_ID" --all-rides >/dev/null
  # Real past days for the ride pages' typical-day bands (docs/fixtures-sources.md §4).
  npx tsx "$ROOT/scripts/load-history.ts"
}
export DEMO_PROMO=${DEMO_PROMO:-WALKON-FREE}
