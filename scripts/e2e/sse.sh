#!/usr/bin/env bash
# End-to-end checks of `loupe sse` against a local Python server that writes raw event-stream bytes.
# Usage: scripts/e2e/sse.sh PATH/TO/loupe   (prints one line per failed check; exit 1 on any)
set -uo pipefail
source "$(dirname "$0")/../lib/e2e-harness.sh"
server_pid=
on_exit() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; }

# The server answers by path with exact bytes, so line ends, the BOM and comments reach the
# client unchanged. It writes its port to the file named by its first argument.
read -r -d '' server_code <<'PY'
import http.server, socketserver, sys, time

BOM = b"\xef\xbb\xbf"
EDGE = (BOM + b": a comment before anything\n"
        b"data: lf\n\n"
        b"data: cr\r\r"
        b"data: crlf\r\n\r\n"
        b"data: line1\ndata: line2\n\n"
        b"id: 5\nevent: custom\ndata: with id\n\n"
        b": comments are ignored\r\n"
        b"data: keeps id\n\n"
        b"id\ndata: cleared\n\n"
        b"retry: 10\ndata: after retry\n\n"
        b"data:nospace\n\n"
        b"data:  two spaces\n\n"
        b"data\n\n"
        b"data: partial, never dispatched")
HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\r\n"

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args): pass
    def raw(self, data):
        self.wfile.write(data); self.wfile.flush()
    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        self.close_connection = True
        if self.path == "/edge":
            self.raw(HEAD); self.raw(EDGE)
        elif self.path == "/count":
            self.raw(HEAD)
            for n in range(1, 6):
                self.raw(b"id: %d\ndata: event %d\n\n" % (n, n))
            time.sleep(10)  # stays open: only --max-events ends the client early
        elif self.path == "/echo":
            self.raw(HEAD)
            parts = [self.command, body.decode(), self.headers.get("Last-Event-ID", "-"),
                     self.headers.get("X-Test", "-"), self.headers.get("Accept", "-")]
            self.raw(b"data: " + " | ".join(parts).encode() + b"\n\n")
        elif self.path == "/reconnect":
            self.raw(HEAD)
            last = self.headers.get("Last-Event-ID")
            if last is None:
                self.raw(b"retry: 20\nid: r1\ndata: one\n\n")
            else:
                self.raw(b"data: two after " + last.encode() + b"\n\n")
                time.sleep(10)
        elif self.path == "/secret":
            self.raw(HEAD); self.raw(b"data: key ghp_16C7e42F292c6912E7710c838347Ae178B4a\n\n")
        elif self.path == "/status500":
            self.raw(b"HTTP/1.1 500 Internal Server Error\r\nContent-Length: 4\r\nContent-Type: text/plain\r\n\r\noops")
        elif self.path == "/nocontent":
            self.raw(b"HTTP/1.1 204 No Content\r\n\r\n")
        elif self.path == "/json":
            self.raw(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")
        else:
            self.raw(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
    do_GET = do_POST = handle_any

class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True

server = Server(("127.0.0.1", 0), Handler)
with open(sys.argv[1], "w") as f:
    f.write(str(server.server_address[1]))
server.serve_forever()
PY

python3 -c "$server_code" "$work/port" &
server_pid=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.05; done
port=$(cat "$work/port" 2>/dev/null)
[ -n "$port" ] || die "the test server did not start"
base="http://127.0.0.1:$port"

same() { if [ "$2" == "$3" ]; then pass; else fail "$1: got:"$'\n'"$2"$'\n'"wanted:"$'\n'"$3"; fi; }

run "edge cases" 0 "$loupe" sse --json --no-reconnect "$base/edge"
same "edge cases" "$out" '{"data":"lf","id":null,"type":"message"}
{"data":"cr","id":null,"type":"message"}
{"data":"crlf","id":null,"type":"message"}
{"data":"line1\nline2","id":null,"type":"message"}
{"data":"with id","id":"5","type":"custom"}
{"data":"keeps id","id":"5","type":"message"}
{"data":"cleared","id":null,"type":"message"}
{"data":"after retry","id":null,"type":"message"}
{"data":"nospace","id":null,"type":"message"}
{"data":" two spaces","id":null,"type":"message"}
{"data":"","id":null,"type":"message"}'

run "max events" 0 "$loupe" sse --json --max-events 2 "$base/count"
same "max events" "$out" '{"data":"event 1","id":"1","type":"message"}
{"data":"event 2","id":"2","type":"message"}'

run "post with headers" 0 "$loupe" sse --json --no-reconnect -X POST -d '{"a":1}' -H 'X-Test: yes' \
    --last-event-id 9 "$base/echo"
same "post with headers" "$out" '{"data":"POST | {\"a\":1} | 9 | yes | text/event-stream","id":"9","type":"message"}'

run "reconnects with Last-Event-ID" 0 "$loupe" sse --json --max-events 2 "$base/reconnect"
same "reconnects with Last-Event-ID" "$out" '{"data":"one","id":"r1","type":"message"}
{"data":"two after r1","id":"r1","type":"message"}'

run "redacts events" 0 "$loupe" sse --no-reconnect "$base/secret"
lacks "redacts events" "$out" "ghp_16C7e42F292c6912E7710c838347Ae178B4a"
has "readable form" "$out" "^message"

run "HTTP error" 2 "$loupe" sse "$base/status500"
has "HTTP error names the status" "$err" "HTTP 500"
run "no content" 2 "$loupe" sse "$base/nocontent"
has "no content is explained" "$err" "204"
run "wrong content type" 2 "$loupe" sse "$base/json"
has "wrong content type is named" "$err" "application/json"

# A port that nothing listens on: take a free one from the OS and release it.
closed_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
run "connection error" 2 "$loupe" sse --no-reconnect "http://127.0.0.1:$closed_port/stream"
has "connection error is explained" "$err" "connection|connect"

run "bad header" 64 "$loupe" sse -H 'no colon here' "$base/edge"

# Ctrl-C while streaming ends the command cleanly with 130.
"$loupe" sse --json "$base/count" >"$work/interrupted" 2>"$work/interrupted.err" &
tail_pid=$!
for _ in $(seq 100); do [ -s "$work/interrupted" ] && break; sleep 0.05; done
kill -INT "$tail_pid"
wait "$tail_pid"
status=$?
if [ "$status" -eq 130 ]; then pass; else fail "Ctrl-C: exit $status, wanted 130; stderr: $(cat "$work/interrupted.err")"; fi

finish
