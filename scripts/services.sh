#!/usr/bin/env bash
# Starts PostgreSQL and Redis when they are not answering (DESIGN §5).
# Order: already running → nothing; a Docker engine answers → docker compose; otherwise the Debian
# packages (installed with apt-get when missing) started directly, as on CI.
set -euo pipefail
PGHOST_ADDR=127.0.0.1
pg_up() { pg_isready -q -h "$PGHOST_ADDR" -p 5432 2>/dev/null; }
redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if pg_up && redis_up; then echo "services: PostgreSQL and Redis are up"; exit 0; fi

if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
  echo "services: starting docker compose (postgres, redis)"
  docker compose up -d
  for _ in $(seq 1 60); do pg_up && redis_up && exit 0; sleep 1; done
  echo "services: docker compose services did not come up" >&2; exit 1
fi

apt_updated=0
apt_install() {
  [ "$apt_updated" = 1 ] || { as_root apt-get update -qq; apt_updated=1; }
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@"
}

if ! pg_up; then
  command -v pg_ctlcluster >/dev/null 2>&1 || apt_install postgresql
  ver=$(ls /etc/postgresql | sort -V | tail -1)
  if [ -z "$ver" ]; then echo "services: no PostgreSQL cluster found" >&2; exit 1; fi
  # trust auth on loopback, as on the development machines (local only).
  hba=/etc/postgresql/$ver/main/pg_hba.conf
  if ! grep -q "walkon-trust" "$hba" 2>/dev/null; then
    as_root sh -c "printf '# walkon-trust\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\nlocal all all trust\n' | cat - '$hba' > '$hba.new' && mv '$hba.new' '$hba'"
  fi
  as_root pg_ctlcluster --skip-systemctl-redirect "$ver" main start || true
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
  pg_up || { echo "services: PostgreSQL did not start" >&2; exit 1; }
fi

if ! redis_up; then
  command -v redis-server >/dev/null 2>&1 || apt_install redis-server
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --maxmemory-policy noeviction
  for _ in $(seq 1 30); do redis_up && break; sleep 1; done
  redis_up || { echo "services: Redis did not start" >&2; exit 1; }
fi
echo "services: PostgreSQL and Redis are up"
