#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL cluster on loopback,
# then stops the server and deletes the cluster, whatever the command's outcome.
set -euo pipefail

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$pg_bin" ]; then
  echo "PostgreSQL is not installed (Debian: apt-get install -y postgresql)" >&2
  exit 1
fi
port=${PIZZERIA_PG_PORT:-55432}
dir=$(mktemp -d /tmp/pizzeria-pg.XXXXXX)

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
[ "$(id -u)" = 0 ] && chown postgres "$dir"

stop() {
  as_postgres "$pg_bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

as_postgres "$pg_bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-sync >/dev/null
as_postgres "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
echo "PostgreSQL $(basename "$(dirname "$pg_bin")") on 127.0.0.1:$port"

DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" "$@"
