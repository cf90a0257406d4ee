#!/bin/sh
# Restores a backup made by deploy/backup.sh into the compose deployment's MongoDB, with
# mongorestore. Refuses databases that hold documents unless --force (then each is dropped
# first); checks the counts against the backup's; puts the backup's .env back when there is none
# (or, with --force, when it differs, keeping the old one).
# Usage: deploy/restore.sh <folder> [--force]     COMPOSE=podman-compose deploy/restore.sh ...
set -eu
COMPOSE=${COMPOSE:-docker compose}
DATABASES="participants scoring reports"
in=$(cd "${1:?usage: deploy/restore.sh <folder> [--force]}" && pwd)
force=${2:-}
case "$force" in ""|--force) ;; *) echo "[restore] unknown option $force (only --force)" >&2; exit 1 ;; esac
cd "$(dirname "$0")/.."   # where docker-compose.yml and .env are
(cd "$in" && sha256sum -c --quiet SHA256SUMS) || { echo "[restore] the backup is damaged: nothing restored" >&2; exit 1; }

counts() {
  $COMPOSE exec -T mongo mongosh --quiet --eval "
    for (const d of '$DATABASES'.split(' ')) for (const c of db.getSiblingDB(d).getCollectionNames().sort())
      print(d + '.' + c + ' ' + db.getSiblingDB(d).getCollection(c).countDocuments({}))"
}
# The services make their collections and indexes at start: only documents count as data.
occupied=$(counts | awk '$2 > 0 { print $1 }')
if [ -n "$occupied" ] && [ "$force" != "--force" ]; then
  echo "[restore] refusing to restore over data: these collections hold documents:" >&2
  echo "$occupied" >&2
  echo "[restore] restore into a fresh deployment, or pass --force to drop the databases first" >&2
  exit 1
fi
for db in $DATABASES; do
  echo "[restore] $db"
  if [ "$force" = "--force" ]; then $COMPOSE exec -T mongo mongosh --quiet --eval "db.getSiblingDB('$db').dropDatabase()" >/dev/null; fi
  $COMPOSE exec -T mongo mongorestore --quiet --archive --nsInclude "$db.*" < "$in/$db.archive"
done
# Only collections with documents are compared: an empty one may or may not exist on either side.
now=$(mktemp)
counts | awk '$2 > 0' > "$now"
if ! awk '$2 > 0' "$in/counts.txt" | cmp -s - "$now"; then
  echo "[restore] the counts differ from the backup's (< restored, > backup):" >&2
  awk '$2 > 0' "$in/counts.txt" | diff "$now" - >&2 || true
  rm -f "$now"; exit 1
fi
rm -f "$now"
echo "[restore] every count as in the backup"
if [ -f "$in/env" ]; then
  if [ ! -f .env ]; then cp "$in/env" .env && chmod 600 .env && echo "[restore] .env restored from the backup"
  elif ! cmp -s "$in/env" .env; then
    if [ "$force" = "--force" ]; then
      mv .env ".env.replaced-$(date -u +%Y-%m-%dT%H-%M-%SZ)" && cp "$in/env" .env && chmod 600 .env
      echo "[restore] .env replaced by the backup's (the old one kept beside it)"
    else
      echo "[restore] WARNING: .env differs from the backup's; TOKEN_ENCRYPTION_KEY must be the backup's to read the stored tokens ($in/env)" >&2
    fi
  fi
fi
echo "[restore] done; restart the services so they read .env: $COMPOSE up -d --force-recreate svc-participants svc-scoring svc-reports"
