#!/usr/bin/env bash
# Measures Roster on a SCIM server: starts scim2-server (.build/scim-venv,
# made by scripts/install-deps.sh) on 127.0.0.1 with a bearer token, loads
# USERS people through /Bulk, then runs run-floor and
# `roster-dev bench --source scim+http://…` alternately at 6000 and 20000 px/s
# (PAIRS times each). scim2-server sorts the whole directory in Python on
# every page: keep USERS in the thousands.
# Usage: scripts/scim-bench.sh [USERS (5000)] [PAIRS (1)] [SECONDS (8)]
#   CONFIGURATION=debug measures the debug build (when a release build is
#   too heavy for a busy machine).
set -euo pipefail
cd "$(dirname "$0")/.."
users=${1:-5000}
pairs=${2:-1}
seconds=${3:-8}
configuration=${CONFIGURATION:-release}
out=.build/bench-results
mkdir -p "$out"
log="$out/scim-$users-$(date +%Y%m%d-%H%M%S).jsonl"
export GSK_RENDERER=${GSK_RENDERER:-cairo}

swift build -c "$configuration" --product roster-dev 2>&1 |
  grep -vE "prohibited flag|unhandled; explicitly" >&2 || true
roster=$(swift build -c "$configuration" --show-bin-path)/roster-dev
xvfb=()
[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] || xvfb=(xvfb-run -a -s "-screen 0 1280x1024x24 -noreset")

venv=.build/scim-venv
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export ROSTER_TOKEN="bench-$RANDOM$RANDOM"
"$venv/bin/scim2-server" --hostname 127.0.0.1 --port "$port" --bearer-token "$ROSTER_TOKEN" \
  >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
"$venv/bin/python" - "$port" "$users" <<'PYTHON'
import json, sys, time, urllib.request
port, users = int(sys.argv[1]), int(sys.argv[2])
import os
token = os.environ["ROSTER_TOKEN"]
base = f"http://127.0.0.1:{port}/v2"
def call(path, body=None):
    request = urllib.request.Request(base + path, data=body, method="POST" if body else "GET",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/scim+json"})
    return urllib.request.urlopen(request, timeout=300).read()
for _ in range(600):
    try:
        call("/ServiceProviderConfig"); break
    except OSError:
        time.sleep(0.1)
roles = ["User", "Owner", "Admin"]
for start in range(0, users, 500):
    operations = [{"method": "POST", "path": "/Users", "bulkId": f"u{i}", "data": {
        "schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"],
        "userName": f"user{(i * 7919) % users:07d}", "displayName": f"Person {i}",
        "roles": [{"value": roles[i % 3], "primary": True}]}}
        for i in range(start, min(start + 500, users))]
    call("/Bulk", json.dumps({"schemas": ["urn:ietf:params:scim:api:messages:2.0:BulkRequest"],
        "Operations": operations}).encode())
PYTHON
url="scim+http://127.0.0.1:$port/v2"
echo "serving $users users at $url" >&2

. scripts/bench-pairs.sh
bench_pairs "$url" "$users" "$pairs" "$seconds" "$log" "$roster" "${xvfb[@]}"
