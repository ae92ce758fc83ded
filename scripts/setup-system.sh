#!/usr/bin/env bash
# Installs the operating-system packages the project needs, on Debian or Ubuntu.
#
#   pgbench, psql    from PostgreSQL's packages (the benchmark runner drives them)
#   chromium         the real browser for the browser tests
#   fonts-noto-cjk   so Japanese, Korean and Chinese pages render as text, not boxes
#   procps           ps and pgrep: the runner's tests watch its processes (minimal
#                    Debian images lack them)
#   valgrind         Cachegrind counts the instructions the servers execute per
#                    transaction (bench run --measure instructions)
#   binutils         nm: a test checks the function-rename table against the servers' binaries
#
# Reads:  the system (commands on PATH, installed fonts); CHROMIUM_PATH if set.
# Writes: nothing when everything is present; otherwise installs with apt-get
#         (as root). PostgreSQL is installed without creating or starting a
#         cluster: the runner starts its own servers.
# Exit:   0 everything present (or installed now)
#         1 something is missing and cannot be installed from here (not root,
#           or no apt-get); the message gives the exact command to run
#         2 apt-get failed
# Idempotent: safe to run before every `npm start` and `npm test`.
set -euo pipefail

missing=()

if [[ -n "${CHROMIUM_PATH:-}" && ! -x "$CHROMIUM_PATH" ]]; then
  echo "setup-system: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
  echo "  Point it at a Chromium binary, or unset it to use /usr/bin/chromium." >&2
  exit 1
fi

have_pgbench() { command -v pgbench >/dev/null 2>&1 && command -v psql >/dev/null 2>&1; }
have_chromium() {
  if [[ -n "${CHROMIUM_PATH:-}" ]]; then [[ -x "$CHROMIUM_PATH" ]]; return; fi
  [[ -x /usr/bin/chromium ]]
}
have_cjk_fonts() {
  if command -v fc-list >/dev/null 2>&1; then
    fc-list ':lang=ja' family | grep -qi 'CJK'
  else
    compgen -G '/usr/share/fonts/opentype/noto/NotoSansCJK*' >/dev/null
  fi
}

have_pgbench || missing+=(postgresql)
have_chromium || missing+=(chromium)
have_cjk_fonts || missing+=(fonts-noto-cjk)
{ command -v ps && command -v pgrep; } >/dev/null 2>&1 || missing+=(procps)
command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
# nm: the test that checks the function-rename table against the servers' binaries.
command -v nm >/dev/null 2>&1 || missing+=(binutils)

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup-system: pgbench, psql, chromium, CJK fonts, ps, pgrep, valgrind and nm are present."
  exit 0
fi

install_cmd="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"

if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-system: missing ${missing[*]}, and this system has no apt-get." >&2
  echo "  Install with your package manager: pgbench (PostgreSQL 15 or newer), Chromium, Noto CJK fonts." >&2
  echo "  A Chromium elsewhere can be named with CHROMIUM_PATH=/path/to/chromium." >&2
  exit 1
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "setup-system: missing ${missing[*]}. Install them as root, then run this again:" >&2
  echo "  sudo sh -c '$install_cmd'" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "setup-system: installing ${missing[*]}"
{
  apt-get update -q
  if [[ " ${missing[*]} " == *" postgresql "* ]]; then
    # Only pgbench is wanted from this package: keep apt from creating and
    # starting a system-wide cluster that nobody uses.
    apt-get install -y -q --no-install-recommends postgresql-common
    sed -ri 's/^#?\s*create_main_cluster\s*=.*/create_main_cluster = false/' \
      /etc/postgresql-common/createcluster.conf
  fi
  apt-get install -y -q --no-install-recommends "${missing[@]}"
} || { echo "setup-system: apt-get failed; the output above says why. Run: $install_cmd" >&2; exit 2; }

have_pgbench && have_chromium && have_cjk_fonts || {
  echo "setup-system: installed, but something is still missing (pgbench on PATH? /usr/bin/chromium?)." >&2
  exit 2
}
echo "setup-system: done."
