#!/usr/bin/env bash
# Installs Debian's PgBouncer, Redis (redis-server, redis-cli) and promtool (package prometheus: checks and unit-tests
# ops/alerts.yml) for the infra tests when they are missing
# (`make test-infra`, docs/OPERATIONS.md); never a downloaded binary.
set -euo pipefail
missing=()
[ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
{ [ -x /usr/bin/redis-server ] && [ -x /usr/bin/redis-cli ]; } || missing+=(redis-server redis-tools)
[ -x /usr/bin/promtool ] || missing+=(prometheus)
[ ${#missing[@]} -eq 0 ] && exit 0
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
as_root apt-get update -qq
DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}"
