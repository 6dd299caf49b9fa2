#!/usr/bin/env bash
# A throwaway PostgreSQL server for the storage tests (tests/store), never a real one.
#
#   tools/pg_test_server.sh start   # initdb a temporary folder, start on a free 127.0.0.1 port,
#                                   # create the database, print its URL (the only stdout line)
#   tools/pg_test_server.sh url     # print the URL of the running server
#   tools/pg_test_server.sh stop    # stop it and remove its folder
#
# Debian's `postgresql` package is installed with apt when missing (needs root, as on CI).
# As root the server runs as the `postgres` user; as another user it runs as that user.
# TABLETOP_PG_DIR chooses the folder (default /tmp/tabletop-pg-test). TABLETOP_PG_FSYNC=on makes
# the server flush to disk as a real one does (default off: a throwaway server for tests, where
# creating one database per test would otherwise take seconds; a killed client is unaffected).
set -euo pipefail

DIR="${TABLETOP_PG_DIR:-/tmp/tabletop-pg-test}"
DB_NAME="tabletop_test"

log() { echo "pg_test_server: $*" >&2; }

pg_bin() {
    local found
    found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
    if [ -z "$found" ] || [ ! -x "$found/initdb" ]; then
        return 1
    fi
    echo "$found"
}

as_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

install_postgres() {
    if pg_bin >/dev/null; then
        return 0
    fi
    if [ "$(id -u)" != 0 ]; then
        log "PostgreSQL is not installed and installing it needs root (apt-get install postgresql)"
        exit 1
    fi
    log "installing Debian's postgresql package"
    apt-get update -q >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2
    pg_bin >/dev/null || { log "initdb still not found after installing postgresql"; exit 1; }
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start() {
    if [ -f "$DIR/url" ] && [ -f "$DIR/data/postmaster.pid" ]; then
        local bin
        bin="$(pg_bin)"
        if as_owner "$bin/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
            cat "$DIR/url"
            return 0
        fi
    fi
    install_postgres
    local bin port
    bin="$(pg_bin)"
    rm -rf "$DIR"
    mkdir -p "$DIR/sock"
    if [ "$(id -u)" = 0 ]; then
        chown -R postgres: "$DIR"
    fi
    chmod 700 "$DIR"
    as_owner "$bin/initdb" -D "$DIR/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 \
        || { cat "$DIR/initdb.log" >&2; log "initdb failed"; exit 1; }
    port="$(free_port)"
    as_owner "$bin/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
        -o "-p $port -k $DIR/sock -c listen_addresses=127.0.0.1 -c max_connections=100 -c fsync=${TABLETOP_PG_FSYNC:-off}" start >&2 \
        || { cat "$DIR/server.log" >&2; log "the server did not start"; exit 1; }
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$DB_NAME"
    echo "postgresql+psycopg://postgres@127.0.0.1:$port/$DB_NAME" >"$DIR/url"
    cat "$DIR/url"
}

stop() {
    if [ ! -d "$DIR/data" ]; then
        return 0
    fi
    local bin
    if bin="$(pg_bin)"; then
        as_owner "$bin/pg_ctl" -D "$DIR/data" -m fast -w stop >&2 || true
    fi
    rm -rf "$DIR"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    url)
        if [ -f "$DIR/url" ]; then cat "$DIR/url"; else log "no server running in $DIR"; exit 1; fi
        ;;
    *)
        echo "usage: $0 start|stop|url" >&2
        exit 2
        ;;
esac
