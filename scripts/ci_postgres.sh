#!/usr/bin/env bash
# Start a PostgreSQL server for the class-database tests (CI runs as root) and print the URL they take
# as $KITGEN_TEST_POSTGRES. Installs Debian's postgresql when it is missing. Prints nothing and exits 1 when it
# cannot: the PostgreSQL tests then skip with one line.
set -u
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 || exit 1
    { apt-get install -y -qq postgresql || { apt-get update -qq && apt-get install -y -qq postgresql; }; } \
        >/dev/null 2>&1 || exit 1
fi
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
pg_lsclusters -h 2>/dev/null | awk '{print $1, $2}' | grep -qx "$version main" \
    || pg_createcluster "$version" main >/dev/null 2>&1 || exit 1
pg_ctlcluster "$version" main start >/dev/null 2>&1 || true
port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')
as_postgres() { su postgres -s /bin/sh -c "psql -p $port -qtAc \"$1\"" 2>/dev/null; }
for _ in 1 2 3 4 5 6 7 8 9 10; do as_postgres "SELECT 1" | grep -q 1 && break; sleep 1; done
as_postgres "SELECT 1 FROM pg_roles WHERE rolname = 'kitgen_test'" | grep -q 1 \
    || as_postgres "CREATE ROLE kitgen_test LOGIN CREATEDB PASSWORD 'kitgen_test'" >/dev/null || exit 1
echo "postgresql+psycopg://kitgen_test:kitgen_test@127.0.0.1:$port/postgres"
