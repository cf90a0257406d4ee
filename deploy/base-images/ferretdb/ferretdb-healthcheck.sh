#!/bin/bash
# Healthy: PostgreSQL takes connections and FerretDB listens on 27017. (FerretDB's own readiness
# check pings PostgreSQL without a user, which is refused here on purpose.)
set -e
/usr/lib/postgresql/15/bin/pg_isready -q -h 127.0.0.1 -p 5432
exec 3<> /dev/tcp/127.0.0.1/27017
