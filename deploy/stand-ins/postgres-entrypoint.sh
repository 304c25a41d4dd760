#!/bin/bash
# The PostgreSQL stand-in's entry point: as root it hands the data directory to postgres and
# starts again as postgres; a new data directory is initialised with POSTGRES_USER (superuser,
# password POSTGRES_PASSWORD), POSTGRES_DB and the /docker-entrypoint-initdb.d scripts.
set -euo pipefail
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA"
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  initdb -D "$PGDATA" -U "$user" --auth-local=trust --auth-host=scram-sha-256 \
    --pwfile=<(printf '%s\n' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}") >/dev/null
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  if [ "$db" != postgres ]; then
    psql -v ON_ERROR_STOP=1 -q -U "$user" -d postgres -c "create database \"$db\""
  fi
  for script in /docker-entrypoint-initdb.d/*; do
    case "$script" in
      *.sql) echo "docker-entrypoint.sh: running $script"; psql -v ON_ERROR_STOP=1 -q -U "$user" -d "$db" -f "$script" ;;
      *.sh) echo "docker-entrypoint.sh: running $script"; . "$script" ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "docker-entrypoint.sh: PostgreSQL init process complete; ready for start up."
fi
if [ "$1" = postgres ]; then
  shift
  exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
fi
exec "$@"
