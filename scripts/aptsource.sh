# Sourced by build-windows-deps.sh and build-windows-qt.sh: fetch Debian source packages
# through a private apt configuration, so no global deb-src list is added to the machine.
# Same mirror as the machine's own sources; bookworm main only: the security mirror here
# serves .orig tarballs without their .dsc, which apt cannot unpack.
#   apt_source APTDIR SRCDIR PACKAGE...   (uses the caller's `step NAME CMD...`)
apt_source() {
  local apt=$1 srcdir=$2
  shift 2
  mkdir -p "$apt"/{etc/sources.list.d,lists/partial,cache/archives/partial} "$srcdir"
  local mirror
  mirror=$(grep -hoE 'https?://[^ ]+/debian/?$|https?://[^ ]+/debian ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n1 | tr -d ' ' || true)
  mirror=${mirror:-http://deb.debian.org/debian}
  echo "deb-src ${mirror%/} bookworm main" > "$apt/etc/sources.list"
  local aptopts=(-o "Dir::Etc::SourceList=$apt/etc/sources.list" -o "Dir::Etc::SourceParts=$apt/etc/sources.list.d"
                 -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache"
                 -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache=)
  [ "$(id -u)" -eq 0 ] && aptopts+=(-o APT::Sandbox::User=root)
  step apt-update apt-get "${aptopts[@]}" update
  step apt-source bash -c 'cd "$1" && shift && apt-get "$@"' _ "$srcdir" "${aptopts[@]}" source "$@"
}
