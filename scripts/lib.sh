# scripts/lib.sh: shared by scripts/run and scripts/test (sourced, not run).
# Installs missing Debian packages with apt-get; everything else the scripts
# do is building with meson.

# The packages the server needs to build and run.
BOTPIT_BUILD_PACKAGES="gcc pkg-config meson ninja-build python3 libuv1-dev libwebsockets-dev libssl-dev
  libwebsockets-evlib-uv libjansson-dev libsqlite3-dev libncurses-dev libhiredis-dev"

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# ensure_packages PKG...: installs those not yet installed (one apt-get run).
ensure_packages() {
  missing=""
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  [ -z "$missing" ] && return 0
  echo "botpit: installing Debian packages:$missing"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  # shellcheck disable=SC2086
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
}

# configure DIR [meson options...]: sets up a build folder once, reconfigures after.
configure() {
  dir=$1; shift
  if [ -f "$dir/build.ninja" ]; then
    meson setup --reconfigure "$dir" "$@" >/dev/null
  else
    meson setup "$dir" "$@"
  fi
}
