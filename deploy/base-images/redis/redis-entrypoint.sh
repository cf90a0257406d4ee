#!/bin/sh
# Debian's redis-server refuses clients from other hosts unless protected mode is off.
set -e
if [ "$1" = redis-server ]; then
  shift
  set -- redis-server --protected-mode no "$@"
fi
exec "$@"
