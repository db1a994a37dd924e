#!/usr/bin/env bash
# End-to-end checks of WebSocket traffic through `loupe proxy` with real peers (Python's
# `websockets` package, installed by make deps): reverse mode with and without
# permessage-deflate, forward mode with an absolute-form upgrade, intercepted wss:// through
# CONNECT; text, binary, fragmented and 2 MB messages, ping/pong, close from either side, abrupt
# closes, a malformed frame that must not disturb other connections; the sample backend's /ws
# (hummingbird-websocket) behind the proxy; every message in the log API
# (live too), redacted, and no secret anywhere in it.
# Usage: scripts/e2e/websocket.sh PATH/TO/loupe
set -uo pipefail
source "$(dirname "$0")/../lib/e2e-harness.sh"
python3 -c "import websockets" 2>/dev/null || die "the websockets Python package is missing (make deps)"
command -v openssl >/dev/null || die "openssl is missing (make deps)"
peer="$root/scripts/e2e/websocket-peer.py"
secret="ghp_a1B2c3D4e5a1B2c3D4e5a1B2c3D4e5a1B2c3"
pids=()
on_exit() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done; }
logs=("$work/proxy.err" "$work/server.err")


openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=localhost \
    -addext subjectAltName=DNS:localhost -keyout "$work/origin-key.pem" -out "$work/origin.pem" 2>/dev/null \
    || die "openssl could not make the origin's certificate"
ws_port=$(free_port)
python3 "$peer" serve "$ws_port" 2>"$work/server.err" &
pids+=($!)
wss_port=$(free_port)
python3 "$peer" serve "$wss_port" --tls "$work/origin.pem" "$work/origin-key.pem" 2>>"$work/server.err" &
pids+=($!)
wait_for_port "$ws_port" || die "the WebSocket test server did not start"
wait_for_port "$wss_port" || die "the wss:// test server did not start"

# --- Reverse mode -------------------------------------------------------------------------------
start_proxy --max-body 64kb --upstream "http://127.0.0.1:$ws_port"

# The live feed is read while the conversations go through the proxy.
api_curl -sN --max-time 8 "http://127.0.0.1:$api_port/v1/events/stream?filter=kind:ws" >"$work/feed.txt" 2>/dev/null &
feed_pid=$!
sleep 0.5

conversation='echo: hello
echo: password=hunter2hunter2 mail alice@example.com
secret answered: True
binary: b'"'"'\x00\x01\x02binary'"'"'
fragmented: frag-ment
big: 2000000
pong'
run "compressed conversation through reverse mode" 0 python3 "$peer" talk "ws://127.0.0.1:$proxy_port/chat"
[ "$out" = "$conversation
closed" ] && pass || fail "the compressed conversation went wrong: $out"
run "uncompressed conversation, closed by the server" 0 python3 "$peer" talk "ws://127.0.0.1:$proxy_port/chat" --plain --server-close
[ "$out" = "$conversation
server closed: 4001" ] && pass || fail "the uncompressed conversation went wrong: $out"
run "a client that drops the connection" 0 python3 "$peer" talk "ws://127.0.0.1:$proxy_port/chat" --abort
has "the aborting client still talked" "$out" "^pong$"
wait "$feed_pid"

sleep 0.5
events=$(api_curl -sS --max-time 10 "http://127.0.0.1:$api_port/v1/events?filter=kind:ws") || die "GET /v1/events failed"
echo "$events" >"$work/events.json"
report=$(python3 - "$work/events.json" <<'PY'
import json, sys
events = json.load(open(sys.argv[1]))
print("events", len(events))
for e in events:
    ws = e["webSocket"]
    texts = [m.get("text", "") for m in ws["messages"]]
    print("state", e["state"], "status", e["response"]["status"], "messages", len(ws["messages"]),
          "pings", ws["pings"], "pongs", ws["pongs"], "close", (ws.get("close") or {}).get("code"),
          "by", (ws.get("close") or {}).get("by"), "compressed", any(m["compressed"] for m in ws["messages"]),
          "error", (e.get("error") or {}).get("kind"))
    print("fragmented", "frag-ment" in texts, "binary", any(m["opcode"] == "binary" and len(m.get("sha256", "")) == 64 for m in ws["messages"]),
          "big", any(m["size"] == 2000000 and m["truncated"] and len(m["text"]) == 65536 for m in ws["messages"]))
    print("redacted", sum("[REDACTED:" in t for t in texts))
PY
)
has "three connections logged" "$report" "^events 3$"
has "a complete compressed connection" "$report" "state complete status 101 messages 12 pings 1 pongs 1 close 1000 by up compressed True error None"
has "a connection closed by the server" "$report" "state complete status 101 messages 13 pings 1 pongs 1 close 4001 by down compressed False"
has "an abrupt close is a failure" "$report" "state failed status 101 messages 12 pings 1 pongs 1 close None by None compressed True error connectionClosed"
has "fragments reassembled, binary digested, long messages truncated" "$report" "fragmented True binary True big True"
has "secrets in messages are redacted" "$report" "^redacted 3$"
lacks "no token in the log API" "$events" "$secret"
lacks "no password in the log API" "$events" "hunter2hunter2"
lacks "no email in the log API" "$events" "alice@example.com"
has "the close reason is kept, redacted" "$events" '"reason":"bye \[REDACTED:github-token\]"'
has "messages arrive live on the change feed" "$(cat "$work/feed.txt")" '"webSocket":\{[^}]*"messages":\[\{'
lacks "no token on the change feed" "$(cat "$work/feed.txt")" "$secret"
down=$(api_curl -sS --max-time 10 "http://127.0.0.1:$api_port/v1/events?filter=ws.dir:down%20ws:frag-ment")
has "ws.dir: and ws: filter the log" "$down" '"status":101'
none=$(api_curl -sS --max-time 10 "http://127.0.0.1:$api_port/v1/events?filter=ws:no-such-message")
[ "$none" = "[]" ] && pass || fail "ws: matched a message nobody sent: $none"

# A malformed frame (reserved opcode 3): relayed as it is, noted in the log; other connections work.
run "a malformed frame is relayed" 0 python3 "$peer" raw 127.0.0.1 "$proxy_port" /chat "127.0.0.1:$proxy_port" 838201020304797a
has "the malformed connection was upgraded" "$out" "^HTTP/1.1 101"
run "the next connection works" 0 python3 "$peer" raw 127.0.0.1 "$proxy_port" /chat "127.0.0.1:$proxy_port" 818401020304716b6d63
has "the next connection echoes" "$out" "received: ping"
sleep 0.5
malformed=$(api_curl -sS --max-time 10 "http://127.0.0.1:$api_port/v1/events?filter=kind:ws")
has "the log says why frames stopped being read" "$malformed" '"framingError":"The client sent a malformed WebSocket frame: opcode 3 is reserved'
stop_proxy

# --- Forward mode: an absolute-form upgrade ----------------------------------------------------
start_proxy --quiet
run "forward mode relays an upgrade" 0 python3 "$peer" raw 127.0.0.1 "$proxy_port" "http://127.0.0.1:$ws_port/chat" "127.0.0.1:$ws_port" 818401020304716b6d63
has "forward mode answers 101" "$out" "^HTTP/1.1 101"
has "forward mode echoes" "$out" "received: ping"
sleep 0.5
forward=$(api_curl -sS --max-time 10 "http://127.0.0.1:$api_port/v1/events?filter=kind:ws%20source:proxy-forward")
has "forward mode logs both messages" "$forward" '"direction":"up"[^}]*"text":"ping".*"direction":"down"[^}]*"text":"ping"'
stop_proxy

# --- Intercepted wss:// through CONNECT ---------------------------------------------------------
start_proxy --connect-ports "$wss_port,$ws_port" --quiet --intercept 'localhost,127\.0\.0\.1' --ca-dir "$work/ca" \
    --upstream-ca "$work/origin.pem"
run "wss:// through an intercepting proxy" 0 python3 "$peer" talk "wss://localhost:$wss_port/chat" \
    --proxy "http://127.0.0.1:$proxy_port" --ca "$work/ca/ca.pem"
[ "$out" = "$conversation
closed" ] && pass || fail "the intercepted conversation went wrong: $out"
sleep 0.5
intercepted=$(api_curl -sS --max-time 10 "http://127.0.0.1:$api_port/v1/events?filter=kind:ws")
has "the intercepted socket is logged with its messages" "$intercepted" '"intercepted":true.*"text":"hello"|"text":"hello".*"intercepted":true'
lacks "no token from the intercepted socket" "$intercepted" "$secret"
# A ws:// connection opened with CONNECT (what the websockets package and browsers do through an
# HTTP proxy): under --intercept, plain HTTP inside a tunnel is read like any other request.
run "ws:// through CONNECT to an intercepting proxy" 0 python3 "$peer" talk "ws://127.0.0.1:$ws_port/chat" \
    --proxy "http://127.0.0.1:$proxy_port" --plain
[ "$out" = "$conversation
closed" ] && pass || fail "the ws:// conversation through CONNECT went wrong: $out"
sleep 0.5
tunnelled=$(api_curl -sS --max-time 10 "http://127.0.0.1:$api_port/v1/events?filter=kind:ws%20host:127.0.0.1")
has "the ws:// socket inside the tunnel is logged message by message" "$tunnelled" '"source":"proxy-forward".*"text":"hello"|"text":"hello".*"source":"proxy-forward"'
lacks "the ws:// socket inside the tunnel is not marked as TLS" "$tunnelled" '"intercepted":true'
lacks "no password from the ws:// socket inside the tunnel" "$tunnelled" "hunter2hunter2"

# --- The sample backend's /ws (hummingbird-websocket) behind the proxy ---------------------------
backend="$(dirname "$loupe")/loupe-sample-backend"
[ -x "$backend" ] || die "$backend is missing; build it with 'swift build'"
"$backend" --port 0 >"$work/backend.out" 2>"$work/backend.err" &
pids+=($!)
for _ in $(seq 200); do grep -q "listening on" "$work/backend.out" 2>/dev/null && break; sleep 0.05; done
backend_base=$(sed -n 's/.*listening on http:\/\/\([^ /]*\).*/\1/p' "$work/backend.out")
[ -n "$backend_base" ] || die "the sample backend did not start: $(cat "$work/backend.err")"
stop_proxy
start_proxy --quiet --upstream "http://$backend_base"
for mode in "" --plain; do
    run "Python client to the sample backend's /ws ${mode:-compressed}" 0 python3 "$peer" talk "ws://127.0.0.1:$proxy_port/ws" $mode
    has "the sample backend echoes text ${mode:-compressed}" "$out" "^echo: hello$"
    has "the sample backend echoes fragments ${mode:-compressed}" "$out" "^fragmented: frag-ment$"
    has "the sample backend echoes 2 MB ${mode:-compressed}" "$out" "^big: 2000000$"
    has "the sample backend closes normally ${mode:-compressed}" "$out" "^closed$"
done
sleep 0.5
backend_events=$(api_curl -sS --max-time 10 "http://127.0.0.1:$api_port/v1/events?filter=kind:ws")
echo "$backend_events" >"$work/backend-events.json"
summary=$(python3 -c '
import json, sys
for e in json.load(open(sys.argv[1])):
    ws = e["webSocket"]
    print(e["state"], len(ws["messages"]), (ws.get("close") or {}).get("code"), any(m["compressed"] for m in ws["messages"]))
' "$work/backend-events.json")
has "both sample-backend sockets logged, one compressed" "$summary" "complete 12 1000 True"
has "both sample-backend sockets logged, one plain" "$summary" "complete 12 1000 False"
lacks "no password from the sample backend's socket" "$backend_events" "hunter2hunter2"
stop_proxy
start_proxy --quiet
run "forward mode to the sample backend's /ws" 0 python3 "$peer" raw 127.0.0.1 "$proxy_port" "http://$backend_base/ws" "$backend_base" 818401020304716b6d63
has "forward mode to the sample backend answers 101" "$out" "^HTTP/1.1 101"
has "forward mode to the sample backend echoes" "$out" "received: ping"

finish
