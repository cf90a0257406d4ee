#!/bin/sh
# Backs up the compose deployment (docker-compose.yml): each service's MongoDB database as a
# mongodump archive, the document counts, and the deployment's .env, whose secrets
# (TOKEN_ENCRYPTION_KEY above all: without it the stored Open Humans tokens cannot be read)
# belong with the data. Usage: deploy/backup.sh [folder]   (default backups/compose-<UTC time>)
# COMPOSE picks the tool: COMPOSE=podman-compose deploy/backup.sh
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
COMPOSE=${COMPOSE:-docker compose}
DATABASES="participants scoring reports"
out=${1:-$root/backups/compose-$(date -u +%Y-%m-%dT%H-%M-%SZ)}
[ -e "$out" ] && { echo "$out exists: give a new folder" >&2; exit 1; }
mkdir -p "$out" && chmod 700 "$out" && out=$(cd "$out" && pwd)
# No half backups: the folder goes unless every step below succeeded.
trap 'rm -rf "$out"' EXIT
cd "$root"   # where docker-compose.yml and .env are

for db in $DATABASES; do
  echo "[backup] $db"
  $COMPOSE exec -T mongo mongodump --quiet --archive --db "$db" > "$out/$db.archive"
done
# The counts restore.sh checks against (a standalone MongoDB has no oplog: see README.md).
$COMPOSE exec -T mongo mongosh --quiet --eval "
  for (const d of '$DATABASES'.split(' ')) for (const c of db.getSiblingDB(d).getCollectionNames().sort())
    print(d + '.' + c + ' ' + db.getSiblingDB(d).getCollection(c).countDocuments({}))" > "$out/counts.txt"
if [ -f .env ]; then
  cp .env "$out/env" && chmod 600 "$out/env"
  echo "[backup] WARNING: $out/env holds the deployment's secrets (TOKEN_ENCRYPTION_KEY, ADMIN_MASTER_KEY, OH_CLIENT_SECRET, webhook secrets): keep the backup as safe as they are"
else
  echo "[backup] WARNING: no .env here: keep TOKEN_ENCRYPTION_KEY and the other secrets with this backup yourself" >&2
fi
(cd "$out" && sha256sum ./*.archive counts.txt $( [ -f env ] && echo env ) > SHA256SUMS)
trap - EXIT
echo "[backup] done: $out"
cat "$out/counts.txt"
