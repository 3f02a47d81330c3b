# Shell functions for a throw-away PostgreSQL server, shared by .ci/run and scripts/pg-dev.
# Source this file; it defines pg_find_bindir, pg_install, pg_start and pg_stop.
#
# The server listens on a Unix socket only (listen_addresses = ''), in a folder of its
# own, with trust authentication: only whoever can enter that folder can connect, and
# nothing is reachable over the network. PostgreSQL refuses to run as root, so when
# root starts it the server runs as the `postgres` OS user and owns the folder.

# Prints the folder holding initdb, pg_ctl and postgres: GOOBALAY_PG_BINDIR if set,
# else the newest Debian /usr/lib/postgresql/<version>/bin, else the folder of the
# `initdb` on PATH. Returns 1 when there is none.
pg_find_bindir() {
    local dir
    if [ -n "${GOOBALAY_PG_BINDIR:-}" ]; then
        dir="$GOOBALAY_PG_BINDIR"
    else
        dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
        if [ -z "$dir" ] && command -v initdb >/dev/null; then
            dir=$(dirname "$(readlink -f "$(command -v initdb)")")
        fi
    fi
    [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ] \
        || return 1
    echo "$dir"
}

# Installs Debian's `postgresql` package (needs root and apt-get). The package's own
# cluster is not wanted: it would start a second server on port 5432.
pg_install() {
    if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
        echo "PostgreSQL is not installed and cannot be installed here (needs root and apt-get)" >&2
        return 1
    fi
    mkdir -p /etc/postgresql-common/createcluster.d
    echo "create_main_cluster = false" >/etc/postgresql-common/createcluster.d/goobalay-ci.conf
    DEBIAN_FRONTEND=noninteractive apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends postgresql
}

# Runs a command as the server's OS user: `postgres` when we are root, else ourselves.
pg_as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# pg_start BINDIR DIR: creates a cluster in DIR/data (unless there is one), starts it
# with its socket in DIR, creates the role and database `goobalay` (allowed to create
# databases, as the tests do) and sets PG_URL to the database's URL.
pg_start() {
    local bindir="$1" dir="$2"
    if [ "$(id -u)" -eq 0 ]; then
        id postgres >/dev/null 2>&1 || { echo "there is no 'postgres' OS user to run the server" >&2; return 1; }
        chown postgres: "$dir"
    fi
    chmod 700 "$dir"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        pg_as_owner "$bindir/initdb" --pgdata="$dir/data" --username=postgres --auth=trust \
            --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
            || { cat "$dir/initdb.log" >&2; echo "initdb failed" >&2; return 1; }
    fi
    # fsync off: the data is thrown away; a crash of the machine is not what the tests test.
    pg_as_owner "$bindir/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait --timeout=60 \
        -o "-c listen_addresses='' -c unix_socket_directories='$dir' -c max_connections=200 -c fsync=off" \
        start >/dev/null \
        || { cat "$dir/server.log" >&2; echo "the PostgreSQL server did not start" >&2; return 1; }
    local psql=("$bindir/psql" --no-psqlrc --quiet --set=ON_ERROR_STOP=1 --host="$dir" --username=postgres --dbname=postgres)
    if [ "$("${psql[@]}" --tuples-only --no-align -c "SELECT count(*) FROM pg_roles WHERE rolname = 'goobalay'")" = 0 ]; then
        "${psql[@]}" -c "CREATE ROLE goobalay LOGIN CREATEDB" -c "CREATE DATABASE goobalay OWNER goobalay" \
            || { echo "could not create the goobalay role and database" >&2; return 1; }
    fi
    PG_URL="postgres:///goobalay?host=$dir&user=goobalay"
}

# pg_stop BINDIR DIR: stops the server running on DIR/data, if any.
pg_stop() {
    local bindir="$1" dir="$2"
    [ -f "$dir/data/postmaster.pid" ] || return 0
    pg_as_owner "$bindir/pg_ctl" --pgdata="$dir/data" --mode=fast --wait stop >/dev/null
}
