#!/usr/bin/env bash
# Measures Roster on a directory server: prepares the demo directory of USERS
# people (roster-dev demo-ldap; reused when loaded), serves it from its own slapd
# on 127.0.0.1, then runs run-floor and `roster-dev bench --source ldap://…`
# alternately at 6000 and 20000 px/s (PAIRS times each). The bench line
# carries ldapsearch's times for the same ranges (the server's own cost).
# Usage: scripts/ldap-bench.sh [USERS (1000000)] [PAIRS (1)] [SECONDS (8)]
set -euo pipefail
cd "$(dirname "$0")/.."
users=${1:-1000000}
pairs=${2:-1}
seconds=${3:-8}
avatars=1000
out=.build/bench-results
mkdir -p "$out"
log="$out/ldap-$users-$(date +%Y%m%d-%H%M%S).jsonl"
export GSK_RENDERER=${GSK_RENDERER:-cairo}

# roster-dev runs the demo and the bench; demo-ldap opens the roster beside it.
for product in roster roster-dev; do
  swift build -c release --product "$product" 2>&1 | grep -vE "prohibited flag|unhandled; explicitly" >&2 || true
done
roster=$(swift build -c release --show-bin-path)/roster-dev
xvfb=()
[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] || xvfb=(xvfb-run -a -s "-screen 0 1280x1024x24 -noreset")

# Generate and load once (a headless window opens and quits).
"${xvfb[@]}" "$roster" demo-ldap --users "$users" --avatars "$avatars" -- --quit-after-load >&2
folder="${XDG_CACHE_HOME:-$HOME/.cache}/roster/ldap-demo-$users-$avatars"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
/usr/sbin/slapd -h "ldap://127.0.0.1:$port/" -f "$folder/slapd.conf" -d 0 2>/dev/null &
slapd=$!
trap 'kill $slapd 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  ldapsearch -x -H "ldap://127.0.0.1:$port" -b "" -s base >/dev/null 2>&1 && break
  sleep 0.1
done
url="ldap://127.0.0.1:$port/ou=people,dc=example,dc=com??one?(objectClass=inetOrgPerson)"
echo "serving $url" >&2

. scripts/bench-pairs.sh
bench_pairs "$url" "$users" "$pairs" "$seconds" "$log" "$roster" "${xvfb[@]}"

# A column header's click on the server: everyone sorted by another field,
# the time to the first window beside ldapsearch's same sorted window (each
# on a fresh connection, so the server sorts everyone; medians of 5).
for order in department,displayName title:desc; do
  "${xvfb[@]}" "$roster" bench --source "$url" --column-sort "$order" 2>/dev/null | tee -a "$log"
done

# Narrowing the window on the server: the group "Everyone" (100,000 members)
# chosen in the sidebar, and a manager's reports shown from their page, each
# timed from the choice to the first frame painted with its rows, beside
# ldapsearch's same sorted window (the filter and sort keys the window sent,
# a fresh connection; medians of 5, alternating). The manager is the one of
# the first person by username: the generator's teams are of 16 (the last
# one of 15), so none has exactly 10.
groups_base=ou=groups,dc=example,dc=com
# (ldapsearch ends with 1 on the "q" that closes its virtual list view.)
top=$( { echo q | ldapsearch -x -LLL -H "ldap://127.0.0.1:$port" -b "ou=people,dc=example,dc=com" \
  -s one -E '!sss=uid:caseIgnoreOrderingMatch' -E '!vlv=0/0/1/0' "(objectClass=inetOrgPerson)" \
  manager 2>/dev/null || true; } | sed -n 's/^manager: //p' | head -1)
manager=$(ldapsearch -x -LLL -H "ldap://127.0.0.1:$port" -b "$top" -s base uid 2>/dev/null \
  | sed -n 's/^uid: //p' | head -1)
"${xvfb[@]}" "$roster" bench --source "$url" --groups-base "$groups_base" --group Everyone \
  --reports-to "$manager" 2>/dev/null | tee -a "$log"
echo "results: $log" >&2
