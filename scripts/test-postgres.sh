#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster for the tests and prints its connection URL on stdout.
#   scripts/test-postgres.sh start   → initdb under /tmp, start on a free local port, create db "leads_test",
#                                      print postgres://…  (the data folder is in the URL's application_name-free
#                                      form; `stop` finds it from PGDATA written next to this output)
#   scripts/test-postgres.sh stop DIR → stop the cluster in DIR and remove it
# Uses Debian's newest /usr/lib/postgresql/*/bin (or pg_ctl on PATH). As root, runs the server as the
# `postgres` user (PostgreSQL refuses to run as root). Logs go to DIR/log; diagnostics go to stderr.
set -euo pipefail

bindir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then echo "$dir"; return; fi
  dir=$(dirname "$(command -v initdb 2>/dev/null || command -v pg_ctl 2>/dev/null || echo /nonexistent/x)")
  [ -x "$dir/initdb" ] || { echo "test-postgres: no PostgreSQL server binaries (initdb) found; apt-get install postgresql" >&2; exit 3; }
  echo "$dir"
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    BIN=$(bindir)
    DIR=$(mktemp -d /tmp/rcs-pg.XXXXXX)
    chmod 755 "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$DIR"
    as_owner "$BIN/initdb" -D "$DIR/data" -A trust -U postgres --no-sync >"$DIR/initdb.log" 2>&1 \
      || { cat "$DIR/initdb.log" >&2; exit 1; }
    # A free port: ask the kernel for one, then hand it to postgres (a small race, retried below).
    for attempt in 1 2 3 4 5; do
      PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
      if as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -t 60 \
        -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=on" start >/dev/null 2>&1; then
        as_owner "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres leads_test
        echo "PGDATA_DIR=$DIR"
        echo "DATABASE_URL_TEST=postgres://postgres@127.0.0.1:$PORT/leads_test"
        exit 0
      fi
    done
    cat "$DIR/log" >&2 || true
    exit 1
    ;;
  stop)
    DIR=${2:?usage: test-postgres.sh stop DIR}
    BIN=$(bindir)
    as_owner "$BIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$DIR"
    ;;
  *)
    echo "usage: $0 start | stop DIR" >&2
    exit 2
    ;;
esac
