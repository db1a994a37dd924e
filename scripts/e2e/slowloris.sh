#!/usr/bin/env bash
# End-to-end check of `loupe proxy` under a slowloris: 1 000 connections that send a header
# section a few bytes at a time must not stop a normal client from being served; at
# --header-timeout they are closed and counted, live in /v1/stats and in the summary at exit.
# Usage: scripts/e2e/slowloris.sh PATH/TO/loupe
set -uo pipefail
source "$(dirname "$0")/../lib/e2e-harness.sh"
command -v curl >/dev/null || die "curl is missing (make deps)"
pids=()
on_exit() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done; }
logs=("$work/proxy.err" "$work/slowloris.out")

mkdir -p "$work/site"
echo "served" >"$work/site/index.txt"
start_static_origin "$work/site"

proxy_port=$(free_port)
api_port=$(free_port)
"$loupe" proxy --listen "127.0.0.1:$proxy_port" --api "127.0.0.1:$api_port" --quiet \
    --upstream "http://127.0.0.1:$origin_port" --header-timeout 4s 2>"$work/proxy.err" &
proxy_pid=$!
pids+=($proxy_pid)
wait_for_port "$proxy_port" || die "loupe proxy did not start listening"
wait_for_port "$api_port" || die "the log API did not start listening"

# The attacker: 1 000 connections, each sending a byte of an unfinished header every second.
# It prints "open N" once they are all connected and "closed N" when it stops: how many the
# proxy had closed by then.
python3 - "$proxy_port" >"$work/slowloris.out" 2>&1 <<'EOF' &
import resource, socket, sys, time
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
port = int(sys.argv[1])
sockets = []
for _ in range(1000):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"GET /index.txt HTTP/1.1\r\nHost: a\r\n")
    s.setblocking(False)
    sockets.append(s)
print("open", len(sockets), flush=True)
closed = set()
deadline = time.monotonic() + 15
while time.monotonic() < deadline and len(closed) < len(sockets):
    for index, s in enumerate(sockets):
        if index in closed:
            continue
        try:
            if s.recv(1) == b"":
                closed.add(index)
                continue
        except BlockingIOError:
            pass
        except OSError:
            closed.add(index)
            continue
        try:
            s.send(b"X")
        except OSError:
            closed.add(index)
    time.sleep(1)
print("closed", len(closed), flush=True)
EOF
attacker=$!
pids+=($attacker)
for _ in $(seq 1 100); do grep -q "^open" "$work/slowloris.out" && break; sleep 0.1; done
grep -q "^open 1000" "$work/slowloris.out" || die "the slowloris could not open its 1000 connections"

# A normal client is served at once while the 1 000 connections hang on.
started=$(date +%s%N)
body=$(curl -sS --max-time 3 "http://127.0.0.1:$proxy_port/index.txt") || die "a normal client was not served during the slowloris"
elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
[ "$body" = "served" ] && pass || fail "the normal client got '$body'"
[ "$elapsed_ms" -lt 2000 ] && pass || fail "the normal client waited $elapsed_ms ms"
stats=$(api_curl -sS --max-time 5 "http://127.0.0.1:$api_port/v1/stats")
open=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["sourceCounters"]["openConnections"])' <<<"$stats")
[ "$open" -ge 1000 ] && pass || fail "/v1/stats counted $open open connections during the slowloris, not 1000"

# At the header timeout every slow connection is closed, however many bytes it still trickles.
wait "$attacker"
grep -q "^closed 1000" "$work/slowloris.out" && pass || fail "the proxy did not close all 1000 slow connections: $(tail -1 "$work/slowloris.out")"
stats=$(api_curl -sS --max-time 5 "http://127.0.0.1:$api_port/v1/stats")
counts=$(python3 -c 'import json,sys; c=json.load(sys.stdin)["sourceCounters"]; print(c["headerTimeouts"], c["openConnections"], c["forwardedExchanges"], c["loggedExchanges"])' <<<"$stats")
has "live counters after the slowloris" "$counts" "^1000 0 1 1$"
body=$(curl -sS --max-time 3 "http://127.0.0.1:$proxy_port/index.txt") || die "a normal client was not served after the slowloris"
[ "$body" = "served" ] && pass || fail "after the slowloris the client got '$body'"

kill -TERM "$proxy_pid"
wait "$proxy_pid" || fail "loupe proxy exited with status $? on SIGTERM"
has "the summary at exit" "$(cat "$work/proxy.err")" "2 exchanges forwarded: 2 logged; 1000 client connections closed for sending no complete request header in time"
finish
