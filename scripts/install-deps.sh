#!/usr/bin/env bash
# Installs the Debian packages Roster needs to build, run and test, skipping
# what is already there. Uses sudo when not root.
set -euo pipefail

packages=(
  libgtk-4-dev      # GTK 4, gdk-pixbuf, pkg-config files
  pkg-config
  xvfb xauth        # headless runs and tests
  xdotool           # real X input in interaction tests
  librsvg2-common   # SVG icons
  desktop-file-utils appstream  # validating Resources/
  dbus dbus-x11 at-spi2-core python3-pyatspi  # accessibility checks
  adwaita-icon-theme
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
