#!/bin/sh
# PostgreSQL first (made on the first start, with MONGO_USER as its only user), then FerretDB on
# it; a stop signal stops FerretDB, then PostgreSQL, so no write is cut off.
set -eu
: "${MONGO_USER:?set MONGO_USER}"
: "${MONGO_PASSWORD:?set MONGO_PASSWORD}"
bin=/usr/lib/postgresql/15/bin
data=/data/db/postgresql
if [ ! -s "$data/PG_VERSION" ]; then
  secret=$(mktemp)
  printf '%s' "$MONGO_PASSWORD" > "$secret"
  "$bin/initdb" -D "$data" -U "$MONGO_USER" --pwfile="$secret" --auth-host=scram-sha-256 --auth-local=scram-sha-256 -E UTF8 --locale=C.UTF-8 > /dev/null
  rm -f "$secret"
  "$bin/pg_ctl" -D "$data" -o "-c listen_addresses='' -k /tmp" -w start > /dev/null
  PGPASSWORD="$MONGO_PASSWORD" "$bin/psql" -h /tmp -U "$MONGO_USER" -d postgres -qc 'CREATE DATABASE ferretdb'
  "$bin/pg_ctl" -D "$data" -m fast -w stop > /dev/null
fi
"$bin/pg_ctl" -D "$data" -o "-c listen_addresses=127.0.0.1 -k /tmp" -l /dev/stderr -w start > /dev/null
# No user in the URL: a client that gives none is refused by PostgreSQL.
/usr/local/bin/ferretdb --postgresql-url=postgres://127.0.0.1:5432/ferretdb &
ferretdb=$!
stop() {
  kill -TERM "$ferretdb" 2> /dev/null || true
  wait "$ferretdb" || true
  "$bin/pg_ctl" -D "$data" -m fast -w stop > /dev/null
  exit 0
}
trap stop TERM INT
wait "$ferretdb"
"$bin/pg_ctl" -D "$data" -m fast -w stop > /dev/null
exit 1
