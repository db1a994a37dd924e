#!/usr/bin/env bash
# End-to-end check of `loupe proxy` with curl: forward, reverse and CONNECT through the built
# binary, the access log on stderr, and a clean exit on SIGTERM.
# Usage: scripts/e2e/proxy.sh PATH/TO/loupe
set -uo pipefail
loupe=${1:?usage: scripts/e2e/proxy.sh PATH/TO/loupe}
command -v curl >/dev/null || { echo "proxy e2e: curl is missing (make deps)" >&2; exit 1; }

work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_for_port() {
    for _ in $(seq 1 100); do
        (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}
fail() { echo "proxy e2e: $*" >&2; [ -f "$work/proxy.err" ] && sed 's/^/  proxy: /' "$work/proxy.err" >&2; exit 1; }

mkdir -p "$work/site"
echo "hello through loupe" >"$work/site/hello.txt"
origin_port=$(free_port)
(cd "$work/site" && exec python3 -m http.server --bind 127.0.0.1 "$origin_port") >/dev/null 2>&1 &
pids+=($!)
wait_for_port "$origin_port" || fail "the test origin did not start"

proxy_port=$(free_port)
"$loupe" proxy --listen "127.0.0.1:$proxy_port" --no-api --connect-ports "$origin_port" 2>"$work/proxy.err" &
proxy_pid=$!
pids+=($proxy_pid)
wait_for_port "$proxy_port" || fail "loupe proxy did not start listening"

body=$(curl -sS --max-time 10 -x "http://127.0.0.1:$proxy_port" "http://127.0.0.1:$origin_port/hello.txt?token=ghp_abcdefghijklmnopqrstuvwxyz0123456789") \
    || fail "curl -x failed"
[ "$body" = "hello through loupe" ] || fail "forward mode returned '$body'"
body=$(curl -sS --max-time 10 -p -x "http://127.0.0.1:$proxy_port" "http://127.0.0.1:$origin_port/hello.txt") || fail "curl -p -x failed"
[ "$body" = "hello through loupe" ] || fail "the CONNECT tunnel returned '$body'"
status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -p -x "http://127.0.0.1:$proxy_port" "http://127.0.0.1:1/") 
[ "$status" = "000" ] || [ "$status" = "403" ] || fail "CONNECT to a port not allowed was not refused ($status)"

kill -TERM "$proxy_pid"
for _ in $(seq 1 50); do kill -0 "$proxy_pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$proxy_pid" 2>/dev/null && fail "loupe proxy did not exit on SIGTERM"
wait "$proxy_pid" || fail "loupe proxy exited with status $? on SIGTERM"
grep -Eq "GET 200 127\.0\.0\.1:$origin_port/hello\.txt" "$work/proxy.err" || fail "no access-log line for the forwarded request"
grep -Eq "CONNECT 200 127\.0\.0\.1:$origin_port .*↑" "$work/proxy.err" || fail "no access-log line for the tunnel"
grep -q "ghp_abcdefghijklmnopqrstuvwxyz0123456789" "$work/proxy.err" && fail "the access log printed a secret"

# Reverse mode in front of the same origin, with the log API and an export when it stops.
proxy_port=$(free_port)
api_port=$(free_port)
"$loupe" proxy --listen "127.0.0.1:$proxy_port" --api "127.0.0.1:$api_port" --quiet \
    --upstream "http://127.0.0.1:$origin_port/" --export-on-exit "$work/exit.zip" 2>"$work/proxy.err" &
proxy_pid=$!
pids+=($proxy_pid)
wait_for_port "$proxy_port" || fail "loupe proxy --upstream did not start listening"
wait_for_port "$api_port" || fail "the log API did not start listening"
# The live feed is read while a request goes through the proxy.
curl -sN --max-time 4 "http://127.0.0.1:$api_port/v1/events/stream" >"$work/feed.txt" 2>/dev/null &
feed_pid=$!
sleep 0.5
body=$(curl -sS --max-time 10 -H "Authorization: Bearer abcdef0123456789abcdef0123456789" \
    "http://127.0.0.1:$proxy_port/hello.txt") || fail "reverse mode request failed"
[ "$body" = "hello through loupe" ] || fail "reverse mode returned '$body'"
sleep 0.5
events=$(curl -sS --max-time 10 "http://127.0.0.1:$api_port/v1/events?filter=path:/hello.txt") || fail "GET /v1/events failed"
echo "$events" | grep -q '"source":"proxy-reverse"' || fail "the exchange is not in /v1/events: $events"
echo "$events" | grep -q 'Bearer \[REDACTED:' || fail "/v1/events does not show the bearer token redacted"
echo "$events" | grep -q "abcdef0123456789abcdef0123456789" && fail "/v1/events leaked the bearer token"
status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "http://127.0.0.1:$api_port/v1/events?filter=status:%3E")
[ "$status" = "400" ] || fail "a bad filter got $status from /v1/events, not 400"
wait "$feed_pid"
grep -q "^event: added" "$work/feed.txt" || fail "the live feed did not announce the exchange"
grep -q "abcdef0123456789abcdef0123456789" "$work/feed.txt" && fail "the live feed leaked the bearer token"
kill -INT "$proxy_pid"
wait "$proxy_pid" || fail "loupe proxy exited with status $? on SIGINT"
[ -f "$work/exit.zip" ] || fail "--export-on-exit wrote no file"
[ "$(stat -c %a "$work/exit.zip")" = "600" ] || fail "--export-on-exit file is not mode 0600"
"$loupe" scan "$work/exit.zip" >/dev/null || fail "loupe scan found secrets in the --export-on-exit bundle"
exit 0
