#!/usr/bin/env bash
# End-to-end checks of HTTP/2 through `loupe proxy` with real peers: curl --http2-prior-knowledge
# (h2c) in reverse mode in front of an HTTP/1.x server and of nghttpd (h2c and h2 over TLS),
# curl --http2 and --http1.1 through --intercept, trailers, an event stream over h2 logged event
# by event, 100 concurrent streams on one connection (h2load), and a malformed frame that closes
# only its own connection. nghttpd and h2load come from Debian's nghttp2 packages (make deps).
# Usage: scripts/e2e/http2.sh PATH/TO/loupe
set -uo pipefail
source "$(dirname "$0")/../lib/e2e-harness.sh"
for tool in nghttpd h2load curl openssl; do
    command -v "$tool" >/dev/null || die "$tool is missing (make deps)"
done
curl --version | grep -q HTTP2 || die "this curl has no HTTP/2 support"
secret="ghp_a1B2c3D4e5a1B2c3D4e5a1B2c3D4e5a1B2c3"
pids=()
on_exit() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done; }
logs=("$work/proxy.err")
export LOUPE_HOME="$work/home"

# versions [FILTER]: one line per logged exchange: method, path, client and upstream HTTP versions,
# state, status, trailers.
versions() {
    api_curl -sS --max-time 10 "http://127.0.0.1:$api_port/v1/events" --get --data-urlencode "filter=${1:-}" >"$work/events.json" \
        || die "GET /v1/events failed"
    python3 - "$work/events.json" <<'PY'
import json, sys, urllib.parse
for e in json.load(open(sys.argv[1])):
    r = e.get("response") or {}
    trailers = ",".join(f'{t["name"]}={t["value"]}' for t in r.get("trailers") or [])
    print(e["request"]["method"], urllib.parse.urlsplit(e["request"]["url"]).path, e["request"]["httpVersion"],
          r.get("httpVersion"), e["state"], r.get("status"), trailers or "-", len(e.get("sseEvents", [])))
PY
}

# --- Peers ----------------------------------------------------------------------------------------
mkdir -p "$work/htdocs"
printf '{"hello":"world"}\n' >"$work/htdocs/data.json"
head -c 300000 /dev/urandom >"$work/htdocs/blob.bin"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=localhost \
    -addext subjectAltName=DNS:localhost -keyout "$work/origin-key.pem" -out "$work/origin.pem" 2>/dev/null \
    || die "openssl could not make the origin's certificate"
start_static_origin "$work/htdocs"
h1_port=$origin_port
h2c_port=$(free_port)
nghttpd --no-tls -d "$work/htdocs" --trailer "x-checksum: abc123" "$h2c_port" >/dev/null 2>&1 &
pids+=($!)
h2tls_port=$(free_port)
nghttpd -d "$work/htdocs" "$h2tls_port" "$work/origin-key.pem" "$work/origin.pem" >/dev/null 2>&1 &
pids+=($!)
start_sse_origin 3 1
for port in "$h2c_port" "$h2tls_port"; do wait_for_port "$port" || die "a test server did not start on $port"; done

# --- h2c with prior knowledge, reverse mode, HTTP/1.x upstream -----------------------------------
start_proxy --upstream "http://127.0.0.1:$h1_port"
run "curl --http2-prior-knowledge to an HTTP/1.x upstream" 0 \
    curl -sS --http2-prior-knowledge -H "authorization: Bearer $secret" -w '\n%{http_code} %{http_version}' \
    "http://127.0.0.1:$proxy_port/data.json"
has "the h2c response came back over HTTP/2" "$out" '^200 2$'
has "the h2c response has the body" "$out" '"hello":"world"'
run "HTTP/1.1 on the same listener" 0 curl -sS -o /dev/null -w '%{http_code} %{http_version}' "http://127.0.0.1:$proxy_port/data.json"
has "HTTP/1.1 still works next to h2c" "$out" '^200 1.1$'
sleep 0.3
log=$(versions)
has "the h2c exchange is logged HTTP/2 to HTTP/1.0" "$log" '^GET /data.json HTTP/2 HTTP/1.0 complete 200'
has "the HTTP/1.1 exchange is logged HTTP/1.1" "$log" '^GET /data.json HTTP/1.1 HTTP/1.0 complete 200'
lacks "the bearer token is not in the log" "$(cat "$work/events.json")" "$secret"

# Many streams at once on one connection: h2load sends 300 requests, 100 in flight.
run "h2load: 300 requests, 100 concurrent streams on one connection" 0 \
    h2load -n 300 -c 1 -m 100 "http://127.0.0.1:$proxy_port/data.json"
has "every stream succeeded" "$out" 'requests: 300 total, 300 started, 300 done, 300 succeeded, 0 failed'
sleep 0.5
count=$(versions | grep -c '^GET /data.json HTTP/2 HTTP/1.0 complete 200')
[ "$count" -ge 301 ] && pass || fail "the log has $count complete h2 exchanges, wanted 301"

# A malformed frame (SETTINGS with a length that is not a multiple of 6) closes its connection
# with GOAWAY(FRAME_SIZE_ERROR); the proxy goes on serving others.
run "a malformed frame gets GOAWAY" 0 python3 - "$proxy_port" <<'PY'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=5)
s.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + b"\x00\x00\x00\x04\x00\x00\x00\x00\x00" + b"\x00\x00\x05\x04\x00\x00\x00\x00\x00" + b"\x00" * 5)
data = b""
while True:
    chunk = s.recv(65536)
    if not chunk: break
    data += chunk
# Walk the frames the proxy sent: a GOAWAY (type 7) with error code FRAME_SIZE_ERROR (6).
i, codes = 0, []
while i + 9 <= len(data):
    length, kind = int.from_bytes(data[i:i+3], "big"), data[i+3]
    if kind == 7: codes.append(int.from_bytes(data[i+13:i+17], "big"))
    i += 9 + length
print("goaway", codes)
PY
has "the GOAWAY says FRAME_SIZE_ERROR and the connection closed" "$out" '^goaway \[6\]$'
run "the proxy still serves after the malformed frame" 0 curl -sS --http2-prior-knowledge -o /dev/null -w '%{http_code}' "http://127.0.0.1:$proxy_port/data.json"
has "h2c after the malformed frame" "$out" '^200$'

# An event stream over h2: each event is in the log while the stream is still open.
stop_proxy
start_proxy --upstream "http://127.0.0.1:$sse_port"
curl -sSN --http2-prior-knowledge "http://127.0.0.1:$proxy_port/events" >"$work/sse.txt" 2>&1 &
sse_pid=$!
sleep 1.5
log=$(versions)
has "the h2 event stream is logged event by event while open" "$log" '^GET /events HTTP/2 HTTP/1.1 streaming 200 - [12]$'
wait "$sse_pid"
has "curl got every event over h2" "$(cat "$work/sse.txt")" 'tick 2'
sleep 0.3
has "the stream ends complete with 3 events" "$(versions)" '^GET /events HTTP/2 HTTP/1.1 complete 200 - 3$'

# --- HTTP/2 upstreams ------------------------------------------------------------------------------
stop_proxy
start_proxy --upstream "http://127.0.0.1:$h2c_port" --upstream-http 2
run "HTTP/1.1 client to an h2c upstream" 0 curl -sS -o /dev/null -w '%{http_code} %{http_version}' "http://127.0.0.1:$proxy_port/data.json"
has "HTTP/1.1 to h2c" "$out" '^200 1.1$'
run "h2c client to an h2c upstream" 0 curl -sS --http2-prior-knowledge -o "$work/blob.out" -w '%{http_code} %{http_version}' "http://127.0.0.1:$proxy_port/blob.bin"
has "h2c to h2c" "$out" '^200 2$'
cmp -s "$work/blob.out" "$work/htdocs/blob.bin" && pass || fail "the 300 kB body changed on its way through h2c on both legs"
sleep 0.3
log=$(versions)
has "HTTP/1.1 to h2c is logged with both versions and the trailer" "$log" '^GET /data.json HTTP/1.1 HTTP/2 complete 200 x-checksum=abc123'
has "h2c to h2c is logged with the trailer" "$log" '^GET /blob.bin HTTP/2 HTTP/2 complete 200 x-checksum=abc123'
run "h2load through h2c on both legs" 0 h2load -n 200 -c 2 -m 32 "http://127.0.0.1:$proxy_port/data.json"
has "every stream on both legs succeeded" "$out" 'requests: 200 total, 200 started, 200 done, 200 succeeded, 0 failed'

stop_proxy
start_proxy --upstream "https://localhost:$h2tls_port" --upstream-ca "$work/origin.pem"
run "curl to an HTTPS upstream that picks h2 in ALPN" 0 curl -sS --http2-prior-knowledge -o /dev/null -w '%{http_code} %{http_version}' "http://127.0.0.1:$proxy_port/data.json"
has "h2c to h2 over TLS" "$out" '^200 2$'
sleep 0.3
has "the upstream leg is HTTP/2 over TLS" "$(versions)" '^GET /data.json HTTP/2 HTTP/2 complete 200'

# --- Interception: h2 in the client's ALPN ---------------------------------------------------------
stop_proxy
start_proxy --intercept --connect-ports "$h2tls_port" --upstream-ca "$work/origin.pem"
ca=$("$loupe" ca path) || die "loupe ca path failed"
run "curl --http2 through --intercept" 0 curl -sS --http2 -x "http://127.0.0.1:$proxy_port" --cacert "$ca" \
    -o /dev/null -w '%{http_code} %{http_version}' "https://localhost:$h2tls_port/data.json?token=$secret"
has "the intercepted client spoke h2" "$out" '^200 2$'
run "curl --http1.1 through --intercept" 0 curl -sS --http1.1 -x "http://127.0.0.1:$proxy_port" --cacert "$ca" \
    -o /dev/null -w '%{http_code} %{http_version}' "https://localhost:$h2tls_port/data.json"
has "the intercepted client spoke HTTP/1.1" "$out" '^200 1.1$'
sleep 0.3
log=$(versions "method:GET")
has "h2 on both legs under --intercept" "$log" '^GET /data.json HTTP/2 HTTP/2 complete 200'
has "HTTP/1.1 client, h2 upstream under --intercept" "$log" '^GET /data.json HTTP/1.1 HTTP/2 complete 200'
lacks "the token in the query is not in the log" "$(cat "$work/events.json")" "$secret"
stop_proxy
finish
