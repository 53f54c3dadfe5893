#!/usr/bin/env bash
# Changes the demo directory while Roster shows it, so its offline copy's
# live updates can be watched: every second one person's title changes, and
# every fifth second someone joins (demo.joiner.N) or the last one to join
# leaves again. Runs until Ctrl+C.
# Usage: scripts/ldap-demo-changes.sh ldap://127.0.0.1:PORT [PEOPLE]
#   (the URL `make ldap-demo` prints; PEOPLE: how many the demo holds)
set -euo pipefail
url=${1:?usage: $0 ldap://127.0.0.1:PORT [PEOPLE]}
people=${2:-1000000}
base="ou=people,dc=example,dc=com"
# The demo's administrator; the password goes to ldapmodify in a file of
# its own, never on its command line.
secret=$(mktemp)
trap 'rm -f "$secret"' EXIT
chmod 600 "$secret"
printf '%s' roster-demo >"$secret"
RANDOM=2026
joined=0
for tick in $(seq 1 100000); do
  # The demo names each person by employee number, from 10000000 on.
  number=$(( 10000000 + (RANDOM * 32768 + RANDOM) % people ))
  if printf 'dn: employeeNumber=%s,%s\nchangetype: modify\nreplace: title\ntitle: Changed at %s\n' \
    "$number" "$base" "$(date +%T)" |
    ldapmodify -x -H "$url" -D "cn=admin,dc=example,dc=com" -y "$secret" >/dev/null 2>&1; then
    echo "$(date +%T) title of employee $number"
  fi
  if (( tick % 5 == 0 )); then
    if (( tick % 10 == 5 )); then
      joined=$((joined + 1))
      printf 'dn: uid=demo.joiner.%s,%s\nchangetype: add\nobjectClass: inetOrgPerson\nuid: demo.joiner.%s\ncn: Demo Joiner %s\nsn: Joiner\ntitle: New here\n' \
        "$joined" "$base" "$joined" "$joined" | ldapmodify -x -H "$url" -D "cn=admin,dc=example,dc=com" -y "$secret" >/dev/null
      echo "$(date +%T) demo.joiner.$joined joined"
    elif (( joined > 0 )); then
      printf 'dn: uid=demo.joiner.%s,%s\nchangetype: delete\n' "$joined" "$base" |
        ldapmodify -x -H "$url" -D "cn=admin,dc=example,dc=com" -y "$secret" >/dev/null
      echo "$(date +%T) demo.joiner.$joined left"
      joined=$((joined - 1))
    fi
  fi
  sleep 1
done
