#!/usr/bin/env bash
# `make bench-smoke` (called by `make test`): every `make bench` part with BENCH_SMOKE=1 (tiny sizes, short deadlines;
# jobs/bench/harness.ts), so a bench that can no longer start, hangs or stops printing a figure fails here rather than
# in the next measurement. Each bench must exit 0 and print a BENCH line for each figure named below (docs/benchmarks.md).
set -euo pipefail
cd "$(dirname "$0")/.."
export BENCH_SMOKE=1
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
declare -A FIGURES=(
  [jobs/bench/alerts.bench.ts]="tick_quiet_ms_50k tick_restamp_ms_50k tick_drop_ms_50k tick_rise_ms_50k send_outbox_messages_per_s tick_drop_ms_10parks tick_restamp_ms_5k_pg_prepared_off tick_drop_ms_5k_pg_prepared_off tick_restamp_ms_50_pg_prepared_off tick_drop_ms_50_pg_prepared_off day_tick_p50_ms_50k day_tick_p99_ms_50k day_tick_max_ms_50k"
  [server/bench/live.bench.ts]="live_rps live_p99_ms live_rebuild_ms ride_page_rps ride_page_p99_ms ride_page_rebuild_ms"
  [server/bench/upstream.bench.ts]="upstream_reads_per_park_minute upstream_reads_per_watched_park_minute_min"
  [server/bench/signUp.bench.ts]="signup_registered_ms"
  [jobs/bench/send.bench.ts]="send_messages_per_s_provider send_quota_utilisation tick_to_last_message_s_provider"
  [jobs/bench/push.bench.ts]="push_per_s tick_to_last_push_s"
)
ORDER=(jobs/bench/alerts.bench.ts server/bench/live.bench.ts server/bench/upstream.bench.ts server/bench/signUp.bench.ts jobs/bench/send.bench.ts jobs/bench/push.bench.ts)
for bench in "${ORDER[@]}"; do
  log="$out/$(basename "$bench").log"
  start=$SECONDS
  if ! npx tsx "$bench" >"$log" 2>&1; then
    echo "bench smoke: $bench failed; its last lines:" >&2
    tail -n 30 "$log" >&2
    exit 1
  fi
  for figure in ${FIGURES[$bench]}; do
    if ! grep -q "^BENCH {\"figure\":\"$figure\"" "$log"; then
      echo "bench smoke: $bench printed no BENCH line for $figure; its last lines:" >&2
      tail -n 30 "$log" >&2
      exit 1
    fi
  done
  echo "bench smoke: $bench ok in $((SECONDS - start)) s ($(grep -c '^BENCH ' "$log") figures)"
done
