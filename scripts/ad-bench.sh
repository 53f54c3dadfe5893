#!/usr/bin/env bash
# Measures Roster on Active Directory: a Samba AD domain controller of its own
# (provisioned into .build/ad-bench with USERS people, kept between runs;
# started on 127.0.0.1 with a certificate authority of its own, nothing written
# outside that folder), then, one after another on this machine:
#   1. the first rows read from the server, and a click on the Department
#      column, each beside ldapsearch's time for the same sorted VLV window
#      (roster-dev bench --column-sort: medians of 5);
#   2. the window on its offline copy (DirSync): the first start fills it, and
#      CHANGES titles changed with ldapmodify are timed to their rows
#      (roster-dev copy-changes);
#   3. a later start: the copy's first rows, and the changes again.
# Samba listens on the fixed ports 389, 636, 3268, 3269 and 88: they must be
# free (no test run's DC, no system slapd).
# Usage: scripts/ad-bench.sh [USERS (20000)] [CHANGES (20)]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /opt/swift/usr/bin ]; then export PATH=/opt/swift/usr/bin:$PATH; fi
users=${1:-20000}
changes=${2:-20}
realm=BENCH.TEST
base="DC=bench,DC=test"
people="OU=People,$base"
admin="CN=Administrator,CN=Users,$base"
password='Passw0rd!Bench1'
root=$PWD/.build/ad-bench
domain=$root/domain-$users
run=$root/run
out=.build/bench-results
mkdir -p "$root" "$out"
log="$out/ad-$users-$(date +%Y%m%d-%H%M%S).jsonl"
export GSK_RENDERER=${GSK_RENDERER:-cairo}

for port in 389 636 3268 3269 88; do
  if ss -ltn "sport = :$port" | grep -q LISTEN; then
    echo "port $port is taken: the bench's domain controller needs 389, 636, 3268, 3269 and 88" >&2
    exit 1
  fi
done

# The people: USERS users under OU=People, one in 50 disabled, named by
# CN=userNNNNN (copy-changes finds their DNs from their usernames).
make_domain() {
  local making=$root/making-$$
  rm -rf "$making"
  mkdir -p "$making"
  samba-tool domain provision --targetdir="$making" --realm=$realm --domain=BENCH \
    --server-role=dc --dns-backend=NONE --use-rfc2307 --adminpass="$password" \
    --host-name=dc1 --host-ip=127.0.0.1 >"$making/provision.log" 2>&1
  python3 - "$users" "$people" >"$making/people.ldif" <<'PY'
import sys
count, base = int(sys.argv[1]), sys.argv[2]
titles = ["Engineer", "Accountant", "Designer", "Director", "Recruiter"]
departments = ["Finance", "Platform", "Design", "Sales", "Support", "Legal"]
offices = ["B-101", "C-202", "A-303", "D-404"]
print(f"dn: {base}\nobjectClass: organizationalUnit\nou: People\n")
for i in range(count):
    name = f"user{i:05d}"
    print(f"dn: CN={name},{base}")
    print("objectClass: user")
    print(f"sAMAccountName: {name}")
    print(f"userAccountControl: {546 if i % 50 == 49 else 544}")
    print(f"displayName: Person {i:05d}")
    print(f"title: {titles[i % len(titles)]}")
    print(f"department: {departments[(i * 7) % len(departments)]}")
    print(f"physicalDeliveryOfficeName: {offices[i % len(offices)]}")
    print(f"mail: {name}@bench.test")
    print(f"telephoneNumber: +49 30 {1000000 + i}")
    print(f"employeeNumber: {i}")
    print()
PY
  echo "loading $users people (ldbadd: 20,000 took 25 minutes on a busy 2-core machine)…" >&2
  ldbadd -H "$making/private/sam.ldb" "$making/people.ldif" >/dev/null
  mv "$making" "$domain"
}
[ -d "$domain" ] || make_domain

# A copy of the domain for this run, a certificate authority and a server
# certificate for localhost and 127.0.0.1, an smb.conf with every path inside.
rm -rf "$run"
cp -a "$domain" "$run"
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=Roster AD bench CA" \
  -keyout "$run/ca.key" -out "$run/ca.pem" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout "$run/server.key" \
  -out "$run/server.csr" 2>/dev/null
printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' >"$run/san.ext"
openssl x509 -req -in "$run/server.csr" -CA "$run/ca.pem" -CAkey "$run/ca.key" \
  -CAcreateserial -days 2 -extfile "$run/san.ext" -out "$run/server.pem" 2>/dev/null
chmod 600 "$run/server.key"
mkdir -p "$run/log" "$run/cache-home"
cat >"$run/smb.conf" <<EOF
[global]
	netbios name = DC1
	realm = $realm
	workgroup = BENCH
	server role = active directory domain controller
	server services = ldap, kdc, cldap
	idmap_ldb:use rfc2307 = yes
	private dir = $run/private
	lock directory = $run
	state directory = $run/state
	cache directory = $run/cache
	binddns dir = $run/bind-dns
	pid directory = $run/run
	ncalrpc dir = $run/run/ncalrpc
	winbindd socket directory = $run/run/winbindd
	ntp signd socket directory = $run/run/ntp_signd
	log file = $run/log/log.%m
	panic action =
	interfaces = lo
	bind interfaces only = yes
	tls enabled = yes
	tls certfile = $run/server.pem
	tls keyfile = $run/server.key
	tls cafile = $run/ca.pem
EOF
samba -s "$run/smb.conf" --foreground --interactive --no-process-group --model=single \
  --option=interfaces=lo "--option=bind interfaces only=yes" \
  "--option=server services=ldap,kdc,cldap" </dev/null >"$run/samba.out" 2>&1 &
samba=$!
trap 'kill $samba 2>/dev/null || true; wait $samba 2>/dev/null || true' EXIT
printf '%s' "$password" >"$run/password"
chmod 600 "$run/password"
export LDAPTLS_CACERT=$run/ca.pem
for _ in $(seq 300); do
  ldapsearch -x -H ldaps://127.0.0.1 -D "$admin" -y "$run/password" -b "" -s base \
    defaultNamingContext >/dev/null 2>&1 && break
  sleep 0.2
done

for product in roster roster-dev; do
  swift build -c release --product "$product" 2>&1 | grep -vE "prohibited flag|unhandled; explicitly" >&2 || true
done
dev=$(swift build -c release --show-bin-path)/roster-dev
url="ldaps://127.0.0.1/$people"
server=(--ldap-schema ad --bind-dn "$admin" --ca-file "$run/ca.pem")
export ROSTER_BIND_PASSWORD=$password
# The offline copy in a cache of this run's own.
export XDG_CACHE_HOME=$run/cache-home

echo "1. first rows and a column sort beside ldapsearch ($users people)" >&2
"$dev" bench --source "$url" "${server[@]}" --column-sort username --json | tee -a "$log"
"$dev" bench --source "$url" "${server[@]}" --column-sort department --json | tee -a "$log"
copy=("$dev" copy-changes --source "$url" "${server[@]}" --changes "$changes"
  --admin-dn "$admin" --admin-password-file "$run/password" --dn-template 'CN={username},{base}')
echo "2. the offline copy's first start, and $changes changes" >&2
"${copy[@]}" | tee -a "$log"
echo "3. a later start from the copy, and $changes changes" >&2
"${copy[@]}" | tee -a "$log"
echo "figures in $log" >&2
