#!/usr/bin/env bash
# Builds PostgreSQL MAJOR as distributions build it (the system's gcc, -O2),
# from Debian's source package, for a suite's `bin:` target: the embedded
# servers are gcc 7.5 -Os builds that nobody runs in production.
#
#   bash scripts/build-postgres.sh MAJOR[.MINOR]   (npm run build:postgres -- 15.18)
#
# MAJOR takes the newest source of that version the archive has; MAJOR.MINOR
# that release (the embedded server's, for a comparison of one version's builds).
# A mirror may list a release whose files it no longer holds (postgresql-17
# 17.12 in trixie, on 2026-11-28): the script then names the earlier minors
# whose upstream tarball the pool still has, and MAJOR.MINOR of one of them
# builds that tarball (with curl), its origin saying the signed index does not
# list it.
# The source package is looked up in the archive this machine's own apt
# sources name (deb.debian.org here), in its release and in the newer ones
# (trixie, sid), with apt lists of its own: the system's apt configuration is
# not changed. The upstream tarball of the package is built (Debian's patches,
# which move the socket folder and such, are not applied) with
#   ./configure CFLAGS=-O2 --without-readline --without-icu --without-zlib --without-llvm
# and installed, with the pg_prewarm extension, into the cache, outside the repository:
#   $PG_BUILD_CACHE/<version>-O2/      (default /var/cache/pg-bench-guide as root,
#                                      else ~/.cache/pg-bench-guide)
# with origin.json beside bin/ saying where it came from. A build already in
# the cache is not built again (MAJOR.MINOR found there needs no network; when
# the archive cannot be read, the newest cached MAJOR serves, said so).
# Installs bison, flex, make, gcc, dpkg-dev and curl with apt-get when missing (as root).
#
# Prints: the bin folder to name in suite.yaml (`bin: …`), on the last line.
# Exit:   0 built (or cached); 1 no source package of MAJOR in this archive
#         (the message lists the versions it has), or a tool is missing and
#         cannot be installed; 2 wrong usage; other: the build failed (its log
#         is named).
set -euo pipefail

wanted=${1:-}
if [[ ! $wanted =~ ^[0-9]+(\.[0-9]+)?$ ]]; then
  echo "usage: bash scripts/build-postgres.sh MAJOR[.MINOR]   (for example 18, or 15.18)" >&2
  exit 2
fi
major=${wanted%%.*}
if [[ $(id -u) -eq 0 ]]; then default_cache=/var/cache/pg-bench-guide; else default_cache=$HOME/.cache/pg-bench-guide; fi
cache=${PG_BUILD_CACHE:-$default_cache}
apt_dir=$cache/apt
mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial"

# The archives of this machine's deb sources (one-line and deb822 forms), as deb-src in more releases.
uris=$( (grep -hE '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | awk '{print $2}'
  grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}') |
  grep -E '/debian/?$' | sort -u)
if [[ -z $uris ]]; then
  echo "build-postgres: this machine's apt sources name no Debian archive (…/debian): no source packages here." >&2
  exit 1
fi
release=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
{
  for uri in $uris; do
    echo "Types: deb-src"
    echo "URIs: $uri"
    echo "Suites: $release $release-updates trixie sid"
    echo "Components: main"
    echo "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"
    echo
  done
} >"$apt_dir/deb-src.sources"
apt_opts=(-o "Dir::Etc::sourcelist=$apt_dir/deb-src.sources" -o Dir::Etc::sourceparts=/nonexistent
  -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache::archives=$apt_dir/archives" -q)

need=()
for tool in bison flex make gcc; do command -v "$tool" >/dev/null 2>&1 || need+=("$tool"); done
command -v dpkg-source >/dev/null 2>&1 || need+=(dpkg-dev)
command -v curl >/dev/null 2>&1 || need+=(curl)
if [[ ${#need[@]} -gt 0 ]]; then
  if [[ $(id -u) -ne 0 ]]; then
    echo "build-postgres: missing ${need[*]}; install them as root: sudo apt-get install -y ${need[*]}" >&2
    exit 1
  fi
  echo "build-postgres: installing ${need[*]}"
  apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null
fi

# A whole build in the cache: its bin folder, origin and pg_prewarm.
built() { [[ -x $1/bin/postgres && -f $1/origin.json && -f $1/share/postgresql/extension/pg_prewarm.control ]]; }
# MAJOR.MINOR already built needs no archive (nor the network).
if [[ $wanted == *.* ]] && built "$cache/$wanted-O2"; then
  echo "build-postgres: PostgreSQL $wanted -O2 is built already"
  echo "$cache/$wanted-O2/bin"
  exit 0
fi

echo "build-postgres: reading the source lists of $release, trixie and sid"
apt-get "${apt_opts[@]}" update >"$apt_dir/update.log" 2>&1 || {
  # Offline: the newest build of MAJOR in the cache serves, said so; else nothing can be fetched.
  newest=$(ls -d "$cache/$major".*-O2 2>/dev/null | sort -V | tail -1 || true)
  if [[ -n $newest ]] && built "$newest"; then
    echo "build-postgres: apt-get update failed (see $apt_dir/update.log); using the cached $(basename "$newest")," \
      "which may not be the archive's newest $major" >&2
    echo "$newest/bin"
    exit 0
  fi
  echo "build-postgres: apt-get update failed; see $apt_dir/update.log" >&2
  exit 1
}
# The pool's upstream tarball of MAJOR.MINOR, fetched into $2; fails (leaving no partial file) when there is none.
pool_tarball() {
  local file=postgresql-${major}_$1.orig.tar.bz2 uri
  for uri in $uris; do
    if curl -fsS -m 300 -o "$2/$file" "${uri%/}/pool/main/p/postgresql-$major/$file" 2>>"$2/fetch.log"; then
      echo "$2/$file"
      return 0
    fi
    rm -f "$2/$file"
  done
  return 1
}
# The minors below MINOR whose upstream tarball the pool has (a HEAD request each), newest first.
pool_minors() {
  local m uri
  for ((m = $1 - 1; m >= 0 && m >= $1 - 6; m--)); do
    for uri in $uris; do
      if curl -fsSI -m 30 -o /dev/null "${uri%/}/pool/main/p/postgresql-$major/postgresql-${major}_$major.$m.orig.tar.bz2" \
        2>/dev/null; then
        echo "$major.$m"
        break
      fi
    done
  done
}
# The newest source of postgresql-MAJOR (of that release when MINOR is given); "" when none.
versions=$(apt-cache "${apt_opts[@]}" showsrc "postgresql-$major" 2>/dev/null | awk '/^Version:/{print $2}' | sort -uV)
version=$(echo "$versions" | grep -E "^([0-9]+:)?${wanted//./\\.}([.-]|$)" | tail -1 || true)
# A MAJOR.MINOR the index does not list: only its upstream tarball from the pool, asked for by name (the signed
# index vouches for none of it; origin.json says so).
from_pool=""
if [[ -z $version && -n $versions && $wanted == *.* ]]; then
  from_pool=$wanted
elif [[ -z $version && -n $versions ]]; then
  echo "build-postgres: no source of PostgreSQL $wanted here; postgresql-$major has: $(echo $versions)." >&2
  exit 1
fi
if [[ -z $version && -z $from_pool ]]; then
  have=$(apt-cache "${apt_opts[@]}" showsrc postgresql-{10..30} 2>/dev/null | awk '/^Package:/{print $2}' |
    sed 's/postgresql-//' | sort -un | paste -sd ' ')
  echo "build-postgres: no source package of PostgreSQL $major in $uris ($release, trixie, sid)." >&2
  echo "  This archive has PostgreSQL: ${have:-none}. Use one of those, or an embedded: $major target." >&2
  exit 1
fi
upstream=${from_pool:-${version%%-*}}
upstream=${upstream#*:}
prefix=$cache/$upstream-O2
if built "$prefix"; then
  echo "build-postgres: PostgreSQL $upstream -O2 is built already"
  echo "$prefix/bin"
  exit 0
fi

work=$cache/src-$upstream
rm -rf "$work" "$prefix"
mkdir -p "$work"
if [[ -n $from_pool ]]; then
  echo "build-postgres: fetching the upstream tarball of $upstream from the pool of postgresql-$major" \
    "(the archive's signed index lists $(echo $versions), not $upstream)" >&2
  fetched_from="its tarball from the pool of postgresql-$major, not listed in the archive's signed index"
  tarball=$(pool_tarball "$upstream" "$work") || {
    echo "build-postgres: the pool of postgresql-$major has no upstream tarball of $upstream either;" \
      "postgresql-$major has: $(echo $versions); see $work/fetch.log" >&2
    exit 1
  }
else
  echo "build-postgres: fetching postgresql-$major $version"
  fetched_from="Debian source package postgresql-$major $version, its patches not applied"
  if ! (cd "$work" && apt-get "${apt_opts[@]}" source --download-only "postgresql-$major=$version" >"$work/fetch.log" 2>&1); then
    # A mirror can list a release whose files it no longer (or not yet) holds: say which earlier minors its pool
    # still has, to be asked for by name.
    minor=${upstream#*.}
    earlier=""
    [[ $minor =~ ^[0-9]+$ ]] && earlier=$(pool_minors "$minor" | paste -sd ' ')
    echo "build-postgres: could not fetch postgresql-$major $version (see $work/fetch.log): the archive lists it" \
      "but does not hold its files." >&2
    if [[ -n $earlier ]]; then
      echo "  Its pool has the upstream tarball of: $earlier. Build one by name (npm run build:postgres --" \
        "${earlier%% *}): its origin will say the signed index does not list it." >&2
    fi
    exit 1
  fi
  tarball=$(ls "$work"/postgresql-"$major"_*.orig.tar.* | head -1)
fi
tar -xf "$tarball" -C "$work"
src=$(find "$work" -maxdepth 1 -type d -name "postgresql-$upstream*" | head -1)
log=$work/build.log
echo "build-postgres: building $upstream with $(gcc --version | head -1), -O2 (log: $log; about 10 minutes on 2 cores)"
(
  cd "$src"
  ./configure --prefix="$prefix" CFLAGS=-O2 --without-readline --without-icu --without-zlib --without-llvm
  make -j"$(nproc)"
  make install
  # pg_prewarm: the instructions measure reads a suite's tables into shared buffers with it.
  make -C contrib/pg_prewarm install
) >"$log" 2>&1 || {
  echo "build-postgres: the build failed; see $log" >&2
  exit 3
}
# What it is, in words a page can show: upstream's source as Debian ships it, built here, and how; not Debian's
# package (whose configure has ICU, zlib, readline, LLVM and Debian's patches).
compiler=$(gcc --version | head -1)
gcc_version=$(gcc -dumpfullversion 2>/dev/null || gcc -dumpversion)
cat >"$prefix/origin.json" <<EOF
{"source": "PostgreSQL $upstream upstream source ($fetched_from), built here by gcc $gcc_version with -O2, without ICU, readline, zlib or LLVM",
 "compiler": "$compiler", "cflags": "-O2"}
EOF
# The server runs as an unprivileged user when this is root: it must reach the binaries.
chmod -R a+rX "$cache"
chmod a+x "$(dirname "$cache")" 2>/dev/null || true
rm -rf "$src"
echo "build-postgres: PostgreSQL $upstream installed in $prefix"
echo "$prefix/bin"
