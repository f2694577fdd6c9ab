#!/usr/bin/env bash
# Restores one copy made by docker/backup.sh (the database dump and the uploads archive with the
# same stamp) as a fresh installation. In the compose deployment it is the `restore` service, run
# once with the application stopped (README, «Restaurar una copia»):
#   docker compose -f docker/compose.yaml --env-file docker/.env stop app
#   docker compose -f docker/compose.yaml --env-file docker/.env run --rm restore ultima --confirmar
# On a host: PGHOST=... PGUSER=... PGDATABASE=gestar UPLOADS_DIR=/ruta/uploads docker/restore.sh FILE.dump --confirmar
#
# COPY is `ultima` (the newest dump in BACKUP_DIR), a stamp (20260101T060000Z), a dump's name in
# BACKUP_DIR or a path to it; its NAME-STAMP.uploads.tar.gz beside it is restored too (required
# when UPLOADS_DIR is set, unless RESTORE_WITHOUT_UPLOADS=true).
#
# Connection from libpq's variables (PGHOST, PGPORT, PGUSER, PGPASSWORD or PGPASSWORD_FILE); the
# database replaced is PGDATABASE. Also:
#   BACKUP_DIR     where the copies are (default /backups)
#   UPLOADS_DIR    the uploads folder the application reads (its contents are replaced)
#   RESTORE_JOBS   parallel pg_restore jobs (default 2)
#
# Steps, each checked before the next; until step 5 the installation in place is untouched:
#   1. the dump and the archive are read whole (pg_restore --list, tar -t);
#   2. the archive is unpacked into UPLOADS_DIR/.restaurando;
#   3. the dump is restored into a new database PGDATABASE_restaurando (pg_restore --exit-on-error);
#   4. in it every session is ended and every refresh token revoked (a token from before the copy,
#      or from the installation replaced, opens nothing: everybody signs in again);
#   5. the database PGDATABASE is dropped and the new one takes its name; the uploads folder's
#      contents are replaced by the unpacked ones.
# The scheduler needs nothing: what it produced is in the copy (each schedule's next date and the
# unique key of an occurrence: schedule, date, person), so it resumes from there and never
# produces a date twice.
set -euo pipefail

BACKUP_DIR="${BACKUP_DIR:-/backups}"
RESTORE_JOBS="${RESTORE_JOBS:-2}"
DB_NAME="${PGDATABASE:-${PGUSER:-postgres}}"
STAGING_DB="${DB_NAME}_restaurando"

log() { printf '[restaurar] %s %s\n' "$(date '+%Y-%m-%dT%H:%M:%S%z')" "$*"; }
fail() { log "$*" >&2; exit 2; }

copy=''
confirmed=false
for arg in "$@"; do
  case "$arg" in
    --confirmar) confirmed=true ;;
    -*) fail "Opción desconocida: $arg (use COPIA --confirmar)" ;;
    *) [ -z "$copy" ] || fail "Indique una sola copia"; copy="$arg" ;;
  esac
done
[ -n "$copy" ] || fail "Indique la copia: ultima, su hora (20260101T060000Z) o el archivo .dump"
[[ "$RESTORE_JOBS" =~ ^[1-9][0-9]*$ ]] || fail "RESTORE_JOBS debe ser un entero positivo (valor: $RESTORE_JOBS)"
[[ "$DB_NAME" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || fail "PGDATABASE debe ser un nombre simple (letras, números y _): $DB_NAME"

if [[ -n "${PGPASSWORD_FILE:-}" ]]; then
  [[ -r "$PGPASSWORD_FILE" ]] || fail "No se puede leer PGPASSWORD_FILE ($PGPASSWORD_FILE)"
  PGPASSWORD="$(cat "$PGPASSWORD_FILE")"
  export PGPASSWORD
fi

# The copy: a path, a name in BACKUP_DIR, a stamp, or the newest.
if [ "$copy" = ultima ]; then
  dump="$(find "$BACKUP_DIR" -maxdepth 1 -type f -name "${DB_NAME}-*.dump" | sort | tail -n 1)"
  [ -n "$dump" ] || fail "No hay copias ${DB_NAME}-*.dump en ${BACKUP_DIR}"
elif [ -f "$copy" ]; then
  dump="$copy"
elif [ -f "$BACKUP_DIR/$copy" ]; then
  dump="$BACKUP_DIR/$copy"
elif [[ "$copy" =~ ^[0-9]{8}T[0-9]{6}Z$ ]] && [ -f "$BACKUP_DIR/${DB_NAME}-${copy}.dump" ]; then
  dump="$BACKUP_DIR/${DB_NAME}-${copy}.dump"
else
  fail "No se encuentra la copia ${copy} (ni como archivo ni en ${BACKUP_DIR})"
fi
case "$dump" in *.dump) ;; *) fail "La copia de la base debe ser un archivo .dump: $dump" ;; esac
archive="${dump%.dump}.uploads.tar.gz"
if [ -n "${UPLOADS_DIR:-}" ]; then
  if [ ! -f "$archive" ]; then
    [ "${RESTORE_WITHOUT_UPLOADS:-false}" = true ] || fail "Falta ${archive}, los archivos subidos de esa copia (RESTORE_WITHOUT_UPLOADS=true restaura solo la base)"
    archive=''
  fi
  [ -d "$UPLOADS_DIR" ] || fail "UPLOADS_DIR no es una carpeta: ${UPLOADS_DIR}"
else
  archive=''
fi

log "Copia: ${dump}${archive:+ y ${archive}}"
log "Reemplaza la base ${DB_NAME} en ${PGHOST:-localhost}:${PGPORT:-5432}${archive:+ y el contenido de ${UPLOADS_DIR}}"
if [ "$confirmed" != true ]; then
  log "No se hizo nada: vuelva a ejecutar con --confirmar para restaurar" >&2
  exit 2
fi

psql_admin() { psql -X -v ON_ERROR_STOP=1 -q -At -d postgres "$@"; }
started="$(date +%s)"
step_started="$started"
step() {
  local now
  now="$(date +%s)"
  log "$* ($((now - step_started)) s)"
  step_started="$now"
}

# 0. Nobody may write while the base is replaced: the application stopped (docker compose stop app).
busy="$(psql_admin -c "SELECT count(*) FROM pg_stat_activity WHERE datname = '${DB_NAME}' AND pid <> pg_backend_pid()")"
if [ "$busy" != 0 ]; then
  fail "Hay ${busy} conexiones abiertas a la base ${DB_NAME}: detenga la aplicación (docker compose stop app) y vuelva a intentar"
fi

# 1. Both files whole before anything is touched.
pg_restore --list "$dump" >/dev/null || fail "La copia ${dump} no se puede leer (¿incompleta o dañada?)"
if [ -n "$archive" ]; then
  tar -tzf "$archive" >/dev/null || fail "El archivo ${archive} no se puede leer (¿incompleto o dañado?)"
fi
step "Copia verificada"

# 2. The files, unpacked beside the current ones (same disk: the swap is a rename).
staging_files=''
if [ -n "$archive" ]; then
  staging_files="$UPLOADS_DIR/.restaurando"
  rm -rf "$staging_files"
  mkdir -p "$staging_files"
  # Owners by number: the app (node, uid 1000) owns its files whatever users this container knows.
  tar -xzf "$archive" --numeric-owner -C "$staging_files"
  rm -rf "$staging_files/.tmp"
  step "Archivos desempacados ($(find "$staging_files" -type f | wc -l) archivos)"
fi

# 3. The base, restored into a new database; the one in place stays as it was until step 5.
dropdb --force --if-exists --maintenance-db=postgres "$STAGING_DB"
createdb --maintenance-db=postgres "$STAGING_DB"
if ! pg_restore --exit-on-error --no-owner --no-privileges --jobs="$RESTORE_JOBS" -d "$STAGING_DB" "$dump"; then
  dropdb --force --if-exists --maintenance-db=postgres "$STAGING_DB" || true
  [ -z "$staging_files" ] || rm -rf "$staging_files"
  fail "La restauración falló; la base ${DB_NAME} y los archivos quedaron como estaban"
fi
step "Base restaurada en ${STAGING_DB}"

# 4. Every session ends: nobody keeps a sign-in from before the copy (or from the base replaced).
ended="$(psql -X -v ON_ERROR_STOP=1 -q -At -d "$STAGING_DB" <<'SQL'
BEGIN;
DELETE FROM tickets_eventos;
UPDATE refresh_tokens SET revoked_at = now() WHERE revoked_at IS NULL;
WITH ended AS (UPDATE sesiones SET cerrada_en = now() WHERE cerrada_en IS NULL RETURNING 1)
SELECT count(*) FROM ended;
COMMIT;
SQL
)"
step "Sesiones cerradas: ${ended}"

# 5. The swap: the restored base takes the name, the unpacked files take the folder.
dropdb --force --if-exists --maintenance-db=postgres "$DB_NAME"
psql_admin -c "ALTER DATABASE \"${STAGING_DB}\" RENAME TO \"${DB_NAME}\""
if [ -n "$staging_files" ]; then
  find "$UPLOADS_DIR" -mindepth 1 -maxdepth 1 ! -name .restaurando -exec rm -rf -- {} +
  find "$staging_files" -mindepth 1 -maxdepth 1 -exec mv -t "$UPLOADS_DIR" -- {} +
  rmdir "$staging_files"
fi
if [ -n "$staging_files" ]; then step "Base ${DB_NAME} y archivos reemplazados"; else step "Base ${DB_NAME} reemplazada"; fi

# What the base names and the folder lacks (a file deleted between the dump and the archive).
if [ -n "${UPLOADS_DIR:-}" ]; then
  missing=0
  while IFS= read -r key; do
    [ -f "$UPLOADS_DIR/$key" ] || missing=$((missing + 1))
  done < <(psql -X -v ON_ERROR_STOP=1 -q -At -d "$DB_NAME" -c \
    "SELECT clave FROM adjuntos UNION ALL SELECT miniatura_clave FROM adjuntos WHERE miniatura_clave IS NOT NULL")
  if [ "$missing" -gt 0 ]; then
    log "Atención: ${missing} archivos que la base nombra no están en la copia de archivos" >&2
  fi
fi
rows="$(psql -X -q -At -d "$DB_NAME" -c "SELECT (SELECT count(*) FROM tareas_asignadas) || ' tareas asignadas, ' || (SELECT count(*) FROM adjuntos) || ' adjuntos, ' || (SELECT count(*) FROM usuarios) || ' usuarios'")"
log "Restauración terminada en $(($(date +%s) - started)) s: ${rows}. Levante la aplicación (docker compose up -d): todos vuelven a iniciar sesión."
