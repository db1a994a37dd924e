#!/usr/bin/env bash
# Instructions (Ir) per proxied request of Loupe's reverse proxy, capture and redaction on,
# counted by valgrind's callgrind: a machine-load-independent figure for the proxy's own cost.
#
#   swift build -c release --product loupe-profile && swift build -c release --product loupe-bench
#   scripts/proxy-callgrind.sh [loupe-profile binary] [loupe-bench binary] [requests]
#
# The proxy runs in `loupe-profile proxy` (valgrind crashes on the async main of `loupe`), from a
# copy without DWARF (valgrind 3.19 cannot read the toolchain's).
# The origin is `loupe-bench --serve-origin` (not under valgrind). After a warm-up the counters
# are zeroed, `requests` keep-alive GETs are sent over 4 connections, and the counters are dumped;
# the callgrind output stays in $OUT (default /tmp/loupe-callgrind) for callgrind_annotate.
set -euo pipefail

profile=${1:-.build/release/loupe-profile}
bench=${2:-.build/release/loupe-bench}
requests=${3:-5000}
out=${OUT:-/tmp/loupe-callgrind}
port=${PORT:-18$((RANDOM % 900 + 100))}
rm -rf "$out" && mkdir -p "$out"

coproc ORIGIN { exec "$bench" --serve-origin; }
read -r origin_port <&"${ORIGIN[0]}"
cp "$profile" "$out/loupe-profile" && strip --strip-debug "$out/loupe-profile"
valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out.%p" \
    "$out/loupe-profile" proxy "$port" "http://127.0.0.1:$origin_port" >/dev/null 2>"$out/valgrind.log" &
proxy=$!
cleanup() { kill "$proxy" 2>/dev/null || true; exec {ORIGIN[1]}>&- 2>/dev/null || true; }
trap cleanup EXIT

drive() {
    python3 - "$port" "$1" <<'EOF'
import http.client, sys, threading, time
port, total = int(sys.argv[1]), int(sys.argv[2])
for _ in range(600):
    try:
        http.client.HTTPConnection("127.0.0.1", port, timeout=2).connect(); break
    except OSError:
        time.sleep(0.1)
def worker(n):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    for _ in range(n):
        conn.request("GET", "/v1/items?limit=20", headers={"Accept": "application/json", "User-Agent": "callgrind/1"})
        response = conn.getresponse()
        response.read()
        assert response.status == 200, response.status
threads = [threading.Thread(target=worker, args=(total // 4,)) for _ in range(4)]
for t in threads: t.start()
for t in threads: t.join()
EOF
}

drive 400
callgrind_control -z "$proxy" >/dev/null
start=$(date +%s)
drive "$requests"
callgrind_control -d "$proxy" >/dev/null
seconds=$(( $(date +%s) - start ))
sleep 1
# %d: awk prints sums past 2^31 in exponent form, which the shell cannot divide.
total=$(grep -h '^summary:' "$out"/callgrind.out.*.1 2>/dev/null | awk '{s += $2} END {printf "%d", s}')
echo "requests: $requests in ${seconds}s under callgrind"
echo "Ir total: $total"
echo "Ir/request: $(( total / requests ))"
echo "profile: $(ls "$out"/callgrind.out.*.1)"
