#!/usr/bin/env bash
# End-to-end check of `loupe proxy` with curl: forward, reverse and CONNECT through the built
# binary, the access log on stderr, and a clean exit on SIGTERM.
# Usage: scripts/e2e/proxy.sh PATH/TO/loupe
set -uo pipefail
source "$(dirname "$0")/../lib/e2e-harness.sh"
command -v curl >/dev/null || die "curl is missing (make deps)"
pids=()
on_exit() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done; }
logs=("$work/proxy.err")

mkdir -p "$work/site"
echo "hello through loupe" >"$work/site/hello.txt"
start_static_origin "$work/site"

proxy_port=$(free_port)
"$loupe" proxy --listen "127.0.0.1:$proxy_port" --no-api --connect-ports "$origin_port" 2>"$work/proxy.err" &
proxy_pid=$!
pids+=($proxy_pid)
wait_for_port "$proxy_port" || die "loupe proxy did not start listening"

body=$(curl -sS --max-time 10 -x "http://127.0.0.1:$proxy_port" "http://127.0.0.1:$origin_port/hello.txt?token=ghp_abcdefghijklmnopqrstuvwxyz0123456789") \
    || die "curl -x failed"
[ "$body" = "hello through loupe" ] || die "forward mode returned '$body'"
body=$(curl -sS --max-time 10 -p -x "http://127.0.0.1:$proxy_port" "http://127.0.0.1:$origin_port/hello.txt") || die "curl -p -x failed"
[ "$body" = "hello through loupe" ] || die "the CONNECT tunnel returned '$body'"
status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -p -x "http://127.0.0.1:$proxy_port" "http://127.0.0.1:1/") 
[ "$status" = "000" ] || [ "$status" = "403" ] || die "CONNECT to a port not allowed was not refused ($status)"

kill -TERM "$proxy_pid"
for _ in $(seq 1 50); do kill -0 "$proxy_pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$proxy_pid" 2>/dev/null && die "loupe proxy did not exit on SIGTERM"
wait "$proxy_pid" || die "loupe proxy exited with status $? on SIGTERM"
grep -Eq "GET 200 127\.0\.0\.1:$origin_port/hello\.txt" "$work/proxy.err" || die "no access-log line for the forwarded request"
grep -Eq "CONNECT 200 127\.0\.0\.1:$origin_port .*↑" "$work/proxy.err" || die "no access-log line for the tunnel"
grep -q "ghp_abcdefghijklmnopqrstuvwxyz0123456789" "$work/proxy.err" && die "the access log printed a secret"

# Reverse mode in front of the same origin, with the log API and an export when it stops.
proxy_port=$(free_port)
api_port=$(free_port)
"$loupe" proxy --listen "127.0.0.1:$proxy_port" --api "127.0.0.1:$api_port" --quiet \
    --upstream "http://127.0.0.1:$origin_port/" --export-on-exit "$work/exit.zip" 2>"$work/proxy.err" &
proxy_pid=$!
pids+=($proxy_pid)
wait_for_port "$proxy_port" || die "loupe proxy --upstream did not start listening"
wait_for_port "$api_port" || die "the log API did not start listening"
# The live feed is read while a request goes through the proxy.
api_curl -sN --max-time 4 "http://127.0.0.1:$api_port/v1/events/stream" >"$work/feed.txt" 2>/dev/null &
feed_pid=$!
sleep 0.5
body=$(curl -sS --max-time 10 -H "Authorization: Bearer abcdef0123456789abcdef0123456789" \
    "http://127.0.0.1:$proxy_port/hello.txt") || die "reverse mode request failed"
[ "$body" = "hello through loupe" ] || die "reverse mode returned '$body'"
sleep 0.5
events=$(api_curl -sS --max-time 10 "http://127.0.0.1:$api_port/v1/events?filter=path:/hello.txt") || die "GET /v1/events failed"
echo "$events" | grep -q '"source":"proxy-reverse"' || die "the exchange is not in /v1/events: $events"
echo "$events" | grep -q 'Bearer \[REDACTED:' || die "/v1/events does not show the bearer token redacted"
echo "$events" | grep -q "abcdef0123456789abcdef0123456789" && die "/v1/events leaked the bearer token"
status=$(api_curl -s -o /dev/null -w '%{http_code}' --max-time 10 "http://127.0.0.1:$api_port/v1/events?filter=status:%3E")
[ "$status" = "400" ] || die "a bad filter got $status from /v1/events, not 400"
wait "$feed_pid"
grep -q "^event: added" "$work/feed.txt" || die "the live feed did not announce the exchange"
grep -q "abcdef0123456789abcdef0123456789" "$work/feed.txt" && die "the live feed leaked the bearer token"
kill -INT "$proxy_pid"
wait "$proxy_pid" || die "loupe proxy exited with status $? on SIGINT"
[ -f "$work/exit.zip" ] || die "--export-on-exit wrote no file"
[ "$(stat -c %a "$work/exit.zip")" = "600" ] || die "--export-on-exit file is not mode 0600"
"$loupe" scan "$work/exit.zip" >/dev/null || die "loupe scan found secrets in the --export-on-exit bundle"
exit 0
