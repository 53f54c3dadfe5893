#!/usr/bin/env bash
# Installs Roster's release build and its files into their XDG places, or
# removes them again:
#   scripts/install.sh install|uninstall PREFIX [DESTDIR]
# PREFIX/bin/roster finds its data in PREFIX/share/roster (the embedded
# directory and the stylesheet), so the installed app needs no checkout.
# Expects the release build (`swift build -c release --product roster`).
set -euo pipefail
cd "$(dirname "$0")/.."

action=${1:?install or uninstall}
prefix=${2:?PREFIX}
destdir=${3:-}
root="$destdir$prefix"
id=org.roster.Roster

# What goes where, relative to PREFIX: "source destination".
files=(
  "Resources/$id.desktop share/applications/$id.desktop"
  "Resources/$id.metainfo.xml share/metainfo/$id.metainfo.xml"
  "Resources/$id.svg share/icons/hicolor/scalable/apps/$id.svg"
  "Resources/$id-symbolic.svg share/icons/hicolor/symbolic/apps/$id-symbolic.svg"
  "Resources/$id.search-provider.ini share/gnome-shell/search-providers/$id.search-provider.ini"
  # The preferences' schema; GSettings reads it compiled (refresh_caches, or
  # on Debian libglib2.0-0's dpkg trigger on /usr/share/glib-2.0/schemas).
  "Resources/$id.gschema.xml share/glib-2.0/schemas/$id.gschema.xml"
)
# The D-Bus service that starts Roster for the shell's search and for
# activation (DBusActivatable=true); its Exec names the installed binary.
service=share/dbus-1/services/$id.service

refresh_caches() {
  # Only for a live install: a staged DESTDIR tree is refreshed by its package.
  [ -z "$destdir" ] || return 0
  command -v update-desktop-database >/dev/null && update-desktop-database -q "$prefix/share/applications" || true
  command -v gtk4-update-icon-cache >/dev/null && gtk4-update-icon-cache -q -t -f "$prefix/share/icons/hicolor" || true
  if [ -d "$prefix/share/glib-2.0/schemas" ] && command -v glib-compile-schemas >/dev/null; then
    glib-compile-schemas "$prefix/share/glib-2.0/schemas" || true
  fi
}

case "$action" in
install)
  binary="$(swift build -c release --show-bin-path 2>/dev/null)/roster"
  [ -x "$binary" ] || { echo "install.sh: no release build at $binary" >&2; exit 1; }
  install -D -m 0755 "$binary" "$root/bin/roster"
  for entry in "${files[@]}"; do
    read -r source target <<<"$entry"
    install -D -m 0644 "$source" "$root/$target"
  done
  install -d "$root/$(dirname "$service")"
  sed "s|@BINDIR@|$prefix/bin|" "Resources/$id.service.in" >"$root/$service"
  chmod 0644 "$root/$service"
  rm -rf "$root/share/roster"
  install -d "$root/share/roster/Resources" "$root/share/roster/data"
  install -m 0644 Resources/* "$root/share/roster/Resources/"
  install -m 0644 data/users.json "$root/share/roster/data/"
  cp -r data/avatars "$root/share/roster/data/"
  # The translations, where gettext looks beside share/roster.
  bash scripts/build-locale.sh
  for mo in .build/locale/*/LC_MESSAGES/roster.mo; do
    install -D -m 0644 "$mo" "$root/share/${mo#.build/}"
  done
  chmod -R u=rwX,go=rX "$root/share/roster"
  # The installed files, not only the sources, must pass the validators.
  glib-compile-schemas --strict --dry-run --schema-file="$root/share/glib-2.0/schemas/$id.gschema.xml"
  desktop-file-validate "$root/share/applications/$id.desktop"
  appstreamcli validate --no-net "$root/share/metainfo/$id.metainfo.xml" >/dev/null
  refresh_caches
  echo "Installed roster $("$root/bin/roster" --version | cut -d' ' -f2) into $root"
  ;;
uninstall)
  rm -f "$root/bin/roster" "$root/$service"
  for entry in "${files[@]}"; do
    read -r _ target <<<"$entry"
    rm -f "$root/$target"
  done
  rm -rf "$root/share/roster"
  for po in po/*.po; do
    rm -f "$root/share/locale/$(basename "$po" .po)/LC_MESSAGES/roster.mo"
  done
  refresh_caches
  echo "Removed roster from $root"
  ;;
*)
  echo "install.sh: install or uninstall, not $action" >&2
  exit 2
  ;;
esac
