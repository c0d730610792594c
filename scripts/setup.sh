#!/usr/bin/env bash
# One idempotent set-up for `make demo`, `make test` and `make bench`: checks the Swift toolchain
# and apt-installs only the Debian packages that are missing.
set -euo pipefail

# Debian packages the project builds or runs against: the text stack of TextLayout (HarfBuzz for
# shaping, ICU for line breaking and bidi, fontconfig for font lookup), its fonts (Noto Color Emoji
# is fontconfig's fallback for emoji clusters), and Cairo and zlib for Rendering.
PACKAGES=(
  pkg-config
  libharfbuzz-dev
  libicu-dev
  libfontconfig-dev
  libcairo2-dev
  zlib1g-dev
  fonts-dejavu-core
  fonts-noto-cjk
  fonts-inter
  fonts-noto-color-emoji
)

# `setup.sh --oracle` adds headless Chromium, which `make oracle` compares line breaking against.
if [ "${1:-}" = "--oracle" ]; then
  PACKAGES+=(chromium)
fi
# `setup.sh --misses` adds valgrind (and binutils' strip), which `make bench-misses` counts with.
if [ "${1:-}" = "--misses" ]; then
  PACKAGES+=(valgrind binutils)
fi

if ! command -v swift >/dev/null 2>&1; then
  for dir in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
    if [ -x "$dir/swift" ]; then export PATH="$dir:$PATH"; break; fi
  done
fi
if ! command -v swift >/dev/null 2>&1; then
  echo "setup: the Swift toolchain (swift 6.x) is not on PATH; install it from swift.org first" >&2
  exit 1
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
