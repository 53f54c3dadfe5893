#!/usr/bin/env bash
# Installs the Debian packages Roster needs to build, run and test, skipping
# what is already there. Uses sudo when not root.
set -euo pipefail

packages=(
  libgtk-4-dev      # GTK 4, gdk-pixbuf, pkg-config files
  libsoup-3.0-dev glib-networking  # HTTP: GNOME's client, with the system's proxies and TLS
  libadwaita-1-dev  # the GNOME chrome: window, header bar, toasts, status pages
  pkg-config
  xvfb xauth        # headless runs and tests
  xdotool           # real X input in interaction tests
  xclip             # the clipboard read from another X client in tests
  weston wl-clipboard  # window tests under headless Wayland (scripts/wayland-tests.sh); wl-paste
  librsvg2-common   # SVG icons
  poppler-utils     # the org chart's PDF read back by pdftotext in tests
  desktop-file-utils appstream  # validating Resources/
  lintian dpkg-dev help2man  # make deb: dependencies from dpkg-shlibdeps, a manual page, lintian
  python3-gi gir1.2-gdkpixbuf-2.0  # make deb: the demo avatars made smaller (scripts/shrink-avatars.py)
  dbus dbus-x11 at-spi2-core python3-pyatspi  # accessibility checks
  libglib2.0-bin    # gdbus (the shell's search provider called in tests and scripts); glib-compile-schemas and gsettings (preferences)
  adwaita-icon-theme
  slapd ldap-utils libldap-dev openssl  # LDAP directories: client library, test servers
  libsasl2-dev libgnutls28-dev  # SASL sign-in (Kerberos, certificates) and decrypting a client key
  libsasl2-modules-gssapi-mit  # Kerberos sign-in (SASL GSSAPI), for Roster and the test slapd
  krb5-kdc krb5-admin-server krb5-user  # the tests' own Kerberos realm: KDC, kadmin.local, kinit
  samba-ad-dc samba-ad-provision ldb-tools  # the tests' own Active Directory: a Samba DC, provisioned and loaded offline
  389-ds-base       # the tests' own 389 Directory Server (FreeIPA's directory), made in a temporary folder
  libsecret-1-dev gnome-keyring  # remembered secrets: libsecret, a real keyring in tests
  python3 python3-venv  # the SCIM test server's virtual environment (below)
  gettext locales   # message catalogues (po/), and the German locale the tests use
)

# The SCIM tests' server (scim2-server from PyPI) in a virtual environment of
# its own under .build/, made once; the tests start it on 127.0.0.1.
install_scim_server() {
  local venv
  venv="$(dirname "$0")/../.build/scim-venv"
  [ -x "$venv/bin/scim2-server" ] && return 0
  echo "Installing scim2-server into .build/scim-venv"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "scim2-server==0.8.3"
}

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
install_packages() {
  echo "Installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -q
  # slapd would otherwise configure a system directory of its own on install.
  echo "slapd slapd/no_configuration boolean true" | $sudo debconf-set-selections
  # Nothing the packages install is started meanwhile (smbd, nmbd, winbind,
  # slapd): a policy-rc.d of our own while apt runs, unless one is there.
  local policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    policy=/usr/sbin/policy-rc.d
    printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
    $sudo chmod 755 "$policy"
    trap '$sudo rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
  if [ -n "$policy" ]; then
    $sudo rm -f "$policy"
    trap - EXIT
  fi
  # The tests start their own Samba DC on 389, 636, 3268, 3269 and 88: no
  # system Samba service is wanted, now or after a reboot.
  if [[ " ${missing[*]} " == *" samba-ad-dc "* ]]; then
    for service in samba-ad-dc smbd nmbd winbind; do
      $sudo service "$service" stop >/dev/null 2>&1 || true
      $sudo update-rc.d "$service" disable >/dev/null 2>&1 || true
      $sudo systemctl disable "$service" >/dev/null 2>&1 || true
    done
  fi
  # Tests start their own slapd; a system one the package started is not wanted
  # (stopping it fails harmlessly in containers without an init system).
  if [[ " ${missing[*]} " == *" slapd "* ]]; then
    $sudo service slapd stop >/dev/null 2>&1 || true
    $sudo update-rc.d slapd disable >/dev/null 2>&1 || true
  fi
}

# de_DE.UTF-8, so the tests see German words and German digit grouping.
install_german_locale() {
  locale -a 2>/dev/null | grep -qx 'de_DE.utf8' && return 0
  echo "Generating the de_DE.UTF-8 locale"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo sed -i 's/^# *de_DE.UTF-8 UTF-8/de_DE.UTF-8 UTF-8/' /etc/locale.gen
  grep -q '^de_DE.UTF-8 UTF-8' /etc/locale.gen || echo 'de_DE.UTF-8 UTF-8' | $sudo tee -a /etc/locale.gen >/dev/null
  $sudo locale-gen >/dev/null
}

[ ${#missing[@]} -eq 0 ] || install_packages
install_german_locale
install_scim_server
