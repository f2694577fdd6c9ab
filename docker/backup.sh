#!/usr/bin/env bash
# Daily PostgreSQL backup for docker/compose.yaml's `backup` service (postgres:17 image).
#
# Connection from libpq's variables: PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE; or
# PGPASSWORD_FILE, a file holding the password (compose's secret /run/secrets/postgres_password).
#   BACKUP_DIR   where dumps go (default /backups, the `backups` volume)
#   BACKUP_KEEP  how many dumps to keep (default 14)
#   BACKUP_TIME  local time of the daily dump, HH:MM (default 03:00; TZ sets the zone)
#   BACKUP_ONCE  "true": one dump and rotation, then exit (for tests and manual runs)
#   UPLOADS_DIR  the uploaded files (the `uploads` volume, read-only); when set, each dump gets a
#                NAME-STAMP.uploads.tar.gz beside it with the same stamp
#
# Each dump is custom format (pg_dump -Fc), written to a temporary name and renamed
# when complete, so a half-written file is never taken for a backup. Restore with
#   pg_restore --clean --if-exists --single-transaction -d "$PGDATABASE" FILE
set -euo pipefail

BACKUP_DIR="${BACKUP_DIR:-/backups}"
BACKUP_KEEP="${BACKUP_KEEP:-14}"
BACKUP_TIME="${BACKUP_TIME:-03:00}"
DB_NAME="${PGDATABASE:-${PGUSER:-postgres}}"

log() { printf '[backup] %s %s\n' "$(date '+%Y-%m-%dT%H:%M:%S%z')" "$*"; }

if ! [[ "$BACKUP_KEEP" =~ ^[1-9][0-9]*$ ]]; then
  log "BACKUP_KEEP debe ser un entero positivo (valor: $BACKUP_KEEP)" >&2
  exit 2
fi
if ! [[ "$BACKUP_TIME" =~ ^([01][0-9]|2[0-3]):[0-5][0-9]$ ]]; then
  log "BACKUP_TIME debe tener el formato HH:MM (valor: $BACKUP_TIME)" >&2
  exit 2
fi
if [[ -n "${PGPASSWORD_FILE:-}" ]]; then
  if [[ ! -r "$PGPASSWORD_FILE" ]]; then
    log "No se puede leer PGPASSWORD_FILE ($PGPASSWORD_FILE)" >&2
    exit 2
  fi
  PGPASSWORD="$(cat "$PGPASSWORD_FILE")"
  export PGPASSWORD
fi
mkdir -p "$BACKUP_DIR"
# A dump cut short by a stop or crash leaves a .partial file: never a backup, so drop it.
find "$BACKUP_DIR" -maxdepth 1 -type f -name '*.partial' -delete

dump() {
  local stamp file
  stamp="$(date -u '+%Y%m%dT%H%M%SZ')"
  file="$BACKUP_DIR/${DB_NAME}-${stamp}.dump"
  log "Copia de la base ${DB_NAME} en ${file}"
  if pg_dump -Fc --file="${file}.partial" "$DB_NAME"; then
    mv "${file}.partial" "$file"
    log "Copia terminada ($(du -h "$file" | cut -f1))"
  else
    rm -f "${file}.partial"
    log "La copia falló; se reintentará en el próximo ciclo" >&2
    return 1
  fi
  if [ -n "${UPLOADS_DIR:-}" ]; then
    uploads "$BACKUP_DIR/${DB_NAME}-${stamp}.uploads.tar.gz" || return 1
  fi
  rotate
}

# The uploaded files, taken after the dump: a file uploaded in between has a row nowhere in
# the dump and is removed by the app's orphan sweep after a restore.
uploads() {
  local file="$1"
  if [ ! -d "$UPLOADS_DIR" ]; then
    log "UPLOADS_DIR no es una carpeta: ${UPLOADS_DIR}" >&2
    return 1
  fi
  log "Copia de los archivos subidos en ${file}"
  # GNU tar's status 1 means a file changed while it was read (an upload at that moment): the
  # archive is still whole for every other file.
  local status=0
  tar -czf "${file}.partial" -C "$UPLOADS_DIR" --exclude='./.tmp' . || status=$?
  if [ "$status" -le 1 ]; then
    mv "${file}.partial" "$file"
    log "Copia de archivos terminada ($(du -h "$file" | cut -f1))"
  else
    rm -f "${file}.partial"
    log "La copia de los archivos falló; se reintentará en el próximo ciclo" >&2
    return 1
  fi
}

# Names sort by time (UTC stamp), so the newest are last: keep the last BACKUP_KEEP.
rotate() {
  local old pattern
  for pattern in "${DB_NAME}-*.dump" "${DB_NAME}-*.uploads.tar.gz"; do
    old="$(find "$BACKUP_DIR" -maxdepth 1 -type f -name "$pattern" | sort | head -n "-${BACKUP_KEEP}")"
    if [ -n "$old" ]; then
      log "Rotación: se eliminan $(printf '%s\n' "$old" | wc -l) copias antiguas (se conservan ${BACKUP_KEEP})"
      printf '%s\n' "$old" | xargs rm -f --
    fi
  done
}

seconds_until_next() {
  local now target
  now="$(date +%s)"
  target="$(date -d "today ${BACKUP_TIME}" +%s)"
  if [ "$target" -le "$now" ]; then target="$(date -d "tomorrow ${BACKUP_TIME}" +%s)"; fi
  echo $((target - now))
}

if [ "${BACKUP_ONCE:-false}" = "true" ]; then
  dump
  exit $?
fi

# `docker compose stop` sends SIGTERM: leave at once, even in the middle of a sleep.
sleeper=''
trap 'log "Detenido"; [ -n "$sleeper" ] && kill "$sleeper" 2>/dev/null; exit 0' TERM INT

# A fresh deployment (or one whose last copy is over a day old) gets a copy right away.
if [ -z "$(find "$BACKUP_DIR" -maxdepth 1 -type f -name "${DB_NAME}-*.dump" -mmin -1440 | head -n 1)" ]; then
  dump || true
fi
while true; do
  wait_s="$(seconds_until_next)"
  log "Próxima copia a las ${BACKUP_TIME} (en ${wait_s} s)"
  sleep "$wait_s" &
  sleeper=$!
  wait "$sleeper" || true
  sleeper=''
  dump || true
done
