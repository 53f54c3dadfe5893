#!/usr/bin/env bash
# Builds .build/roster_VERSION_ARCH.deb: the release build with the Swift
# runtime linked in (--static-swift-stdlib), so that it depends only on
# Debian packages (computed by dpkg-shlibdeps), staged by scripts/install.sh
# into /usr, then checked by lintian (any error fails).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/RosterKit/App/RosterVersion.swift)
[ -n "$version" ] || { echo "make-deb.sh: no version in RosterVersion.swift" >&2; exit 1; }
arch=$(dpkg --print-architecture)
work=.build/deb
stage=$work/roster_${version}_$arch
deb=.build/roster_${version}_$arch.deb

# (The linker warns of mktemp inside the toolchain's own static Foundation.)
swift build -c release --product roster --static-swift-stdlib 2>&1 \
  | grep -vE "prohibited flag|unhandled; explicitly|use of .mktemp. is dangerous" || true
rm -rf "$work"
bash scripts/install.sh install /usr "$stage" >/dev/null
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/roster"
# The demo avatars at most 256 px (the largest the app shows them, doubled
# for HiDPI): the checkout keeps them large for the pipeline's benchmarks.
avatars=$stage/usr/share/roster/data/avatars
rm -rf "$avatars"
/usr/bin/python3 scripts/shrink-avatars.py data/avatars "$avatars"
chmod 0644 "$avatars"/*

docs=$stage/usr/share/doc/roster
install -d "$docs"
install -m 0644 packaging/copyright "$docs/copyright"
# A native package: its changelog is changelog.gz (reproducible: no name or
# time stamp in the gzip header).
gzip -9n <packaging/changelog >"$docs/changelog.gz"
chmod 0644 "$docs/changelog.gz"
# The manual page is made from `roster --help` and `--version`, so it cannot
# drift from the options.
install -d "$stage/usr/share/man/man1"
help2man --no-info --no-discard-stderr --name "browse a directory of people" \
  "$stage/usr/bin/roster" | gzip -9n >"$stage/usr/share/man/man1/roster.1.gz"
chmod 0644 "$stage/usr/share/man/man1/roster.1.gz"

# dpkg-shlibdeps reads the package's name from a debian/control of its own.
mkdir -p "$work/src/debian"
printf 'Source: roster\n\nPackage: roster\nArchitecture: any\n' >"$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O -e"../../../$stage/usr/bin/roster" 2>/dev/null \
  | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make-deb.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# libsoup's TLS and proxy resolution are GIO modules, loaded at run time.
depends="$depends, glib-networking"

install -d "$stage/DEBIAN"
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@DEPENDS@/$depends/" \
  -e "s/@SIZE@/$(du -sk --exclude=DEBIAN "$stage" | cut -f1)/" \
  packaging/control.in >"$stage/DEBIAN/control"

dpkg-deb --build --root-owner-group "$stage" "$deb" >/dev/null
echo "Built $deb"
echo "Depends: $depends"
lintian --fail-on error "$deb"
echo "lintian: no errors"
