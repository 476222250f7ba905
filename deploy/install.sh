#!/bin/sh
# Installs Botpit on a Debian 12 server, or upgrades it in place: packages,
# a release build, the binary and web client, a system user, the data folder,
# the environment file and the systemd unit, then (re)starts the service.
# Running it again is safe: it rebuilds, reinstalls and restarts, and keeps
# your /etc/botpit/botpit.env and /var/lib/botpit as they are.
#
#   sudo deploy/install.sh                  everything, on a real server
#   deploy/install.sh --root DIR            install under DIR (no apt, no user,
#                                           no systemctl): to inspect or test
#   deploy/install.sh STEP...               only some steps, in order; the
#                                           Dockerfile uses these
#   sudo deploy/install.sh ssh              `ssh play@HOST` plays (README,
#                                           "Play over SSH"); once done, a
#                                           full run does it again too
# Steps: deps-build deps-runtime build stage system ssh
#   deps-build     Debian packages to build (compiler, meson, -dev libraries)
#   deps-runtime   Debian packages to run (the libraries, lws's libuv plugin)
#   build          a release build in build-deploy/
#   stage          installs the build under the root (DESTDIR)
#   system         user, folders, env file, unit; enables and (re)starts
#   ssh            the play account, its sshd settings and PAM line, its
#                  folders and /etc/botpit/botpit-ssh.conf; reloads sshd
set -eu

here=$(cd "$(dirname "$0")" && pwd)
src=$(dirname "$here")
# The build folder (tests point it at their own build to stage from it).
build=${BOTPIT_BUILD_DIR:-$src/build-deploy}
root=""
prefix=/usr/local
steps=""

while [ $# -gt 0 ]; do
  case "$1" in
    --root) root=$(realpath -m "$2"); shift 2 ;;
    --prefix) prefix=$2; shift 2 ;;
    deps-build|deps-runtime|build|stage|system|ssh) steps="$steps $1"; shift ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
SSHD_FILE=/etc/ssh/sshd_config.d/botpit-play.conf
if [ -z "$steps" ]; then
  if [ -n "$root" ]; then steps="build stage system"
  else steps="deps-build deps-runtime build stage system"; fi
  # An upgrade keeps `ssh play@` in step with the new program.
  if [ -z "$root" ] && [ -f "$SSHD_FILE" ]; then steps="$steps ssh"; fi
fi

BUILD_PACKAGES="gcc pkg-config meson ninja-build libuv1-dev libwebsockets-dev libjansson-dev
  libsqlite3-dev libncurses-dev libhiredis-dev"
RUNTIME_PACKAGES="libuv1 libwebsockets17 libwebsockets-evlib-uv libjansson4 libsqlite3-0 libhiredis0.14
  ca-certificates"

say() { echo "install.sh: $*"; }

need_root() {
  if [ -z "$root" ] && [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: step '$1' needs root: run it with sudo (or use --root DIR)" >&2
    exit 1
  fi
}

apt_install() {
  say "installing packages: $*"
  DEBIAN_FRONTEND=noninteractive apt-get update -q
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $*
}

step_deps_build() { need_root deps-build; apt_install $BUILD_PACKAGES; }
step_deps_runtime() { need_root deps-runtime; apt_install $RUNTIME_PACKAGES; }

step_build() {
  say "building (release) in $build"
  if [ -f "$build/build.ninja" ]; then
    meson setup --reconfigure "$build" "$src" --prefix="$prefix" >/dev/null
  else
    meson setup "$build" "$src" --buildtype=release -Dtests=false --prefix="$prefix"
  fi
  ninja -C "$build"
  # Run with sudo in a user's checkout, the build folder stays the user's:
  # a later `git clean` or build by hand must not meet root's files.
  if [ "$(id -u)" -eq 0 ] && [ "$(stat -c %u "$src")" -ne 0 ]; then
    chown -R "$(stat -c %u:%g "$src")" "$build"
  fi
}

step_stage() {
  need_root stage
  say "installing the binary and web client under ${root:-/}$prefix"
  # A previous web client's files go first, so removed files don't linger.
  rm -rf "${root}${prefix}/share/botpit/web"
  DESTDIR="$root" meson install -C "$build" --no-rebuild --quiet
}

# Files the system step owns: the unit is replaced on every run (upgrades),
# the environment file only written when missing (it is the host's).
install_system_files() {
  install -d -m 0755 "$root/etc/systemd/system" "$root/etc/botpit"
  sed "s|/usr/local/bin/botpit|$prefix/bin/botpit|; s|/usr/local/share|$prefix/share|" \
    "$here/botpit.service" > "$root/etc/systemd/system/botpit.service"
  chmod 0644 "$root/etc/systemd/system/botpit.service"
  if [ ! -f "$root/etc/botpit/botpit.env" ]; then
    install -m 0640 "$here/botpit.env" "$root/etc/botpit/botpit.env"
    say "wrote /etc/botpit/botpit.env: set your public address there"
  elif ! cmp -s "$here/botpit.env" "$root/etc/botpit/botpit.env"; then
    # Upgrades never rewrite the host's file, so say when the shipped one
    # has something the installed one may lack.
    say "kept your /etc/botpit/botpit.env; it differs from deploy/botpit.env:"
    say "  diff /etc/botpit/botpit.env deploy/botpit.env   (carry over what you want)"
  else
    say "kept your /etc/botpit/botpit.env"
  fi
  install -d -m 0750 "$root/var/lib/botpit"
}

step_system() {
  need_root system
  install_system_files
  if [ -n "$root" ]; then
    say "staged under $root (no user created, no service started)"
    return
  fi
  if ! id botpit >/dev/null 2>&1; then
    say "creating the system user botpit"
    adduser --system --group --home /var/lib/botpit --no-create-home --shell /usr/sbin/nologin botpit
  fi
  chown -R botpit:botpit /var/lib/botpit
  chgrp botpit /etc/botpit/botpit.env
  systemctl daemon-reload
  systemctl enable botpit.service >/dev/null
  say "(re)starting botpit"
  systemctl restart botpit.service
  sleep 1
  if systemctl is-active --quiet botpit.service; then
    say "botpit is running: systemctl status botpit; logs: journalctl -u botpit"
  else
    say "botpit did not start: journalctl -u botpit -n 50" >&2
    exit 1
  fi
}

# The play account: `ssh play@HOST` runs botpit-ssh and nothing else.
PLAY_USER=play
PLAY_HOME=/var/lib/botpit-ssh
PAM_LINE="auth [success=done default=ignore] pam_succeed_if.so quiet user = $PLAY_USER"

install_ssh_files() {
  install -d -m 0755 "$root/etc/ssh/sshd_config.d" "$root/etc/botpit"
  sed "s|/usr/local/bin/botpit-ssh|$prefix/bin/botpit-ssh|g" "$here/ssh/botpit-play.conf" \
    > "$root$SSHD_FILE"
  chmod 0644 "$root$SSHD_FILE"
  if [ ! -f "$root/etc/botpit/botpit-ssh.conf" ]; then
    install -m 0644 "$here/ssh/botpit-ssh.conf" "$root/etc/botpit/botpit-ssh.conf"
    say "wrote /etc/botpit/botpit-ssh.conf (limits of ssh play@)"
  elif ! cmp -s "$here/ssh/botpit-ssh.conf" "$root/etc/botpit/botpit-ssh.conf"; then
    say "kept your /etc/botpit/botpit-ssh.conf; it differs from deploy/ssh/botpit-ssh.conf"
  fi
  # The account's home is root's (nothing for it to write there); keys/
  # (a folder per player's key) and the sessions table are its own.
  install -d -m 0755 "$root$PLAY_HOME"
  install -d -m 0700 "$root$PLAY_HOME/keys"
  [ -f "$root$PLAY_HOME/sessions" ] || install -m 0600 /dev/null "$root$PLAY_HOME/sessions"
}

step_ssh() {
  need_root ssh
  if [ -z "$root" ] && ! dpkg-query -W -f='${Status}' openssh-server 2>/dev/null | grep -q "install ok installed"; then
    apt_install openssh-server
  fi
  install_ssh_files
  if [ -n "$root" ]; then
    say "staged the ssh files under $root (no account, no PAM line, sshd not reloaded)"
    return
  fi
  shell="$prefix/bin/botpit-ssh"
  [ -x "$shell" ] || { echo "install.sh: $shell is missing: run deploy/install.sh first" >&2; exit 1; }
  if id "$PLAY_USER" >/dev/null 2>&1; then
    home=$(getent passwd "$PLAY_USER" | cut -d: -f6)
    if [ "$home" != "$PLAY_HOME" ]; then
      echo "install.sh: a user $PLAY_USER exists already (home $home) and is not Botpit's: remove it or leave this step out" >&2
      exit 1
    fi
    usermod --shell "$shell" "$PLAY_USER"
  else
    say "creating the system user $PLAY_USER (its shell is $shell)"
    adduser --system --group --home "$PLAY_HOME" --no-create-home --shell "$shell" "$PLAY_USER"
  fi
  chown "$PLAY_USER:$PLAY_USER" "$PLAY_HOME/keys" "$PLAY_HOME/sessions"
  # Guests log in with no key and no question: for this account only,
  # PAM's auth succeeds at once (sshd allows it keyboard-interactive only).
  if ! grep -qF "$PAM_LINE" /etc/pam.d/sshd; then
    say "letting $PLAY_USER in without a password in /etc/pam.d/sshd (guests)"
    tmp=$(mktemp)
    awk -v line="$PAM_LINE" '!done && /^@include common-auth/ {
        print "# Botpit: guests of ssh play@ (deploy/install.sh ssh; sshd lets this account"
        print "# use keyboard-interactive or a key only)"
        print line; done = 1 } { print }' /etc/pam.d/sshd > "$tmp"
    grep -qF "$PAM_LINE" "$tmp" || { rm -f "$tmp"; echo "install.sh: /etc/pam.d/sshd has no '@include common-auth' line to put the guests' line before" >&2; exit 1; }
    cat "$tmp" > /etc/pam.d/sshd
    rm -f "$tmp"
  fi
  sshd -t
  systemctl reload ssh 2>/dev/null || systemctl restart ssh
  say "ssh $PLAY_USER@ this machine plays Botpit (settings: /etc/botpit/botpit-ssh.conf)"
}

for step in $steps; do
  case "$step" in
    deps-build) step_deps_build ;;
    deps-runtime) step_deps_runtime ;;
    build) step_build ;;
    stage) step_stage ;;
    system) step_system ;;
    ssh) step_ssh ;;
  esac
done
