#!/bin/sh
# Installs the C libraries purgetrace builds against, only when they are missing.
# Debian/Ubuntu: apt-get (as root, or through sudo). macOS: Homebrew.
set -eu

DEBIAN_PACKAGES="libpcre2-dev libsqlite3-dev libyaml-dev libarchive-dev zlib1g-dev pkg-config"
# The test suite builds archives of every container type with the system tools.
DEBIAN_PACKAGES="$DEBIAN_PACKAGES zip gzip tar"
BREW_PACKAGES="pcre2 sqlite libyaml libarchive pkg-config"

case "$(uname -s)" in
Linux)
    missing=""
    for p in $DEBIAN_PACKAGES; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
    done
    [ -z "$missing" ] && exit 0
    command -v apt-get >/dev/null 2>&1 || {
        echo "install-deps: missing$missing and no apt-get; install them with your package manager" >&2
        exit 1
    }
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    echo "install-deps: installing$missing" >&2
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
    ;;
Darwin)
    command -v brew >/dev/null 2>&1 || { echo "install-deps: Homebrew is required (https://brew.sh)" >&2; exit 1; }
    for p in $BREW_PACKAGES; do
        brew list --versions "$p" >/dev/null 2>&1 || brew install "$p"
    done
    ;;
*)
    echo "install-deps: unsupported system $(uname -s); install PCRE2, SQLite 3, libyaml and libarchive" >&2
    exit 1
    ;;
esac
