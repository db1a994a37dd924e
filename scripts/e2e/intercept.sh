#!/usr/bin/env bash
# End-to-end check of `loupe proxy --intercept` with the built binary: curl through the proxy to
# an HTTPS origin on loopback (Python's http.server with a self-signed localhost certificate that
# the proxy trusts through --upstream-ca), the exchange in the log API in clear and redacted, a
# client that does not trust Loupe's CA logged with the fix, and --upstream-insecure.
# Usage: scripts/e2e/intercept.sh PATH/TO/loupe
set -uo pipefail
source "$(dirname "$0")/../lib/e2e-harness.sh"
command -v curl >/dev/null || die "curl is missing (make deps)"
command -v openssl >/dev/null || die "openssl is missing (make deps)"
pids=()
on_exit() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done; }
logs=("$work/proxy.err")

# The origin: HTTPS with a certificate Loupe's CA did not sign.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=localhost \
    -addext subjectAltName=DNS:localhost -keyout "$work/origin-key.pem" -out "$work/origin.pem" 2>/dev/null \
    || die "openssl could not make the origin's certificate"
mkdir -p "$work/site"
echo "hello over https" >"$work/site/hello.txt"
origin_port=$(free_port)
cat >"$work/origin.py" <<PY
import http.server, ssl, sys
class Handler(http.server.SimpleHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("content-length", 0))
        self.rfile.read(length)
        body = b'{"ok":true}'
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args): pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", $origin_port),
                                         lambda *a: Handler(*a, directory="$work/site"))
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain("$work/origin.pem", "$work/origin-key.pem")
server.socket = context.wrap_socket(server.socket, server_side=True)
server.serve_forever()
PY
python3 "$work/origin.py" >/dev/null 2>&1 &
pids+=($!)
wait_for_port "$origin_port" || die "the HTTPS test origin did not start"

proxy_port=$(free_port)
api_port=$(free_port)
"$loupe" proxy --listen "127.0.0.1:$proxy_port" --api "127.0.0.1:$api_port" --connect-ports "$origin_port" \
    --intercept 'localhost' --ca-dir "$work/ca" --upstream-ca "$work/origin.pem" 2>"$work/proxy.err" &
pids+=($!)
wait_for_port "$proxy_port" || die "loupe proxy --intercept did not start listening"
wait_for_port "$api_port" || die "the log API did not start listening"
grep -q "intercepting HTTPS for localhost" "$work/proxy.err" || fail "the banner does not say what is intercepted"
ca="$work/ca/ca.pem"
[ -f "$ca" ] || die "--intercept did not create the CA in --ca-dir"

body=$(curl -sS --max-time 10 -x "http://127.0.0.1:$proxy_port" --cacert "$ca" "https://localhost:$origin_port/hello.txt") \
    || die "curl through the intercepting proxy failed"
[ "$body" = "hello over https" ] && pass || fail "intercepted GET returned '$body'"
jwt="eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
curl -sS --max-time 10 -x "http://127.0.0.1:$proxy_port" --cacert "$ca" -H 'content-type: application/json' \
    --data "{\"token\":\"$jwt\",\"email\":\"ada.lovelace@example.com\",\"card\":\"4111 1111 1111 1111\"}" "https://localhost:$origin_port/orders" >/dev/null \
    || fail "an intercepted POST failed"
# curl --http2 offers h2 and http/1.1; Loupe offers only http/1.1, and curl falls back.
body=$(curl -sS --http2 --max-time 10 -x "http://127.0.0.1:$proxy_port" --cacert "$ca" "https://localhost:$origin_port/hello.txt") \
    && [ "$body" = "hello over https" ] && pass || fail "curl --http2 did not fall back to HTTP/1.1 ($body)"
# A client that does not trust Loupe's CA fails, and the log says how to fix it.
curl -s --max-time 10 -x "http://127.0.0.1:$proxy_port" "https://localhost:$origin_port/hello.txt" >/dev/null \
    && fail "a client without Loupe's CA got through"
sleep 0.5
events=$(api_curl -sS --max-time 10 "http://127.0.0.1:$api_port/v1/events") || die "GET /v1/events failed"
has "intercepted URL" "$events" "\"url\":\"https://localhost:$origin_port/hello.txt\""
has "intercepted flag" "$events" '"intercepted":true'
has "upstream certificate" "$events" '"upstreamCertificate":'
has "intercepted POST" "$events" "\"url\":\"https://localhost:$origin_port/orders\""
lacks "JWT redacted" "$events" "$jwt"
lacks "email redacted" "$events" "ada.lovelace@example.com"
lacks "card redacted" "$events" "4111 1111 1111 1111"
has "untrusting client logged" "$events" "run \`loupe ca\`"

# --upstream-insecure: no --upstream-ca, no verification, and the events say so.
proxy_port=$(free_port)
"$loupe" proxy --listen "127.0.0.1:$proxy_port" --no-api --connect-ports "$origin_port" --intercept \
    --ca-dir "$work/ca" --upstream-insecure 2>"$work/proxy.err" &
pids+=($!)
wait_for_port "$proxy_port" || die "loupe proxy --upstream-insecure did not start listening"
grep -q "NOT verified" "$work/proxy.err" && pass || fail "the banner does not warn about --upstream-insecure"
body=$(curl -sS --max-time 10 -x "http://127.0.0.1:$proxy_port" --cacert "$ca" "https://localhost:$origin_port/hello.txt") \
    && [ "$body" = "hello over https" ] && pass || fail "--upstream-insecure GET returned '$body'"

# An RSA CA (loupe ca regenerate --key rsa): curl and openssl see an RSA leaf signed by it.
"$loupe" ca regenerate --key rsa --dir "$work/ca-rsa" >/dev/null || fail "loupe ca regenerate --key rsa failed"
proxy_port=$(free_port)
"$loupe" proxy --listen "127.0.0.1:$proxy_port" --no-api --connect-ports "$origin_port" --intercept \
    --ca-dir "$work/ca-rsa" --upstream-ca "$work/origin.pem" 2>"$work/proxy-rsa.err" &
pids+=($!)
wait_for_port "$proxy_port" || die "loupe proxy with an RSA CA did not start listening"
body=$(curl -sS --max-time 10 -x "http://127.0.0.1:$proxy_port" --cacert "$work/ca-rsa/ca.pem" "https://localhost:$origin_port/hello.txt") \
    && [ "$body" = "hello over https" ] && pass || fail "curl through a proxy with an RSA CA returned '$body'"
leaf=$(echo | openssl s_client -proxy "127.0.0.1:$proxy_port" -connect "localhost:$origin_port" -servername localhost \
    -CAfile "$work/ca-rsa/ca.pem" -verify_return_error 2>/dev/null | openssl x509 -noout -text 2>&1)
has "the leaf under an RSA CA is RSA" "$leaf" "Public-Key: \(2048 bit\)"

# Host patterns need --intercept; a bad pattern is refused with a sentence.
run "patterns without --intercept" 64 "$loupe" proxy --no-api 'localhost'
run "bad pattern" 2 "$loupe" proxy --no-api --intercept '(' --ca-dir "$work/ca"
has "bad pattern sentence" "$err" "not a valid regular expression"
run "missing upstream CA file" 2 "$loupe" proxy --no-api --upstream-ca "$work/missing.pem"
has "missing upstream CA sentence" "$err" "does not exist or cannot be read"
finish
