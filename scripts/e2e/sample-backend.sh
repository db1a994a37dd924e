#!/usr/bin/env bash
# End-to-end check of the built loupe-sample-backend (next to the loupe binary): starts it on a
# free port, signs in, streams a reply, checks an injected fault, then stops it with SIGTERM.
# Usage: scripts/e2e/sample-backend.sh PATH/TO/loupe   (prints one line per failed check; exit 1 on any)
set -uo pipefail
source "$(dirname "$0")/../lib/e2e-harness.sh"
backend="$(dirname "$loupe")/loupe-sample-backend"
pid=
on_exit() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; }

[ -x "$backend" ] || die "$backend is missing; build it with 'swift build'"

"$backend" --port 0 --stream-interval-ms 1 >"$work/out" 2>"$work/err" &
pid=$!
for _ in $(seq 200); do grep -q "listening on" "$work/out" 2>/dev/null && break; sleep 0.05; done
base=$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' "$work/out")
[ -n "$base" ] || die "it did not start; stderr: $(cat "$work/err")"

# A small client in Python (no curl needed): prints one line per step for the checks below.
read -r -d '' client <<'PY'
import json, sys, urllib.request, urllib.error
base = sys.argv[1]
def call(method, path, body=None, token=None, headers={}):
    request = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token: request.add_header("Authorization", "Bearer " + token)
    for name, value in headers.items(): request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()
status, _, body = call("GET", "/models")
print("models", status, ",".join(model["id"] for model in json.loads(body)))
print("unauthenticated", call("GET", "/conversations")[0])
link = json.loads(call("POST", "/rpc/request_magic_link", {"email": "ada@example.com"})[2])
tokens = json.loads(call("POST", "/rpc/login_with_magic_token", {"token": link["devToken"]})[2])
me = json.loads(call("GET", "/rpc/me", token=tokens["accessToken"])[2])
print("me", me["email"])
conversation = json.loads(call("POST", "/conversations", {"title": "e2e"}, token=tokens["accessToken"])[2])
status, headers, body = call("POST", "/conversations/%s/messages" % conversation["id"], {"text": "hi"}, token=tokens["accessToken"])
deltas = [json.loads(line[6:]) for line in body.split("\n") if line.startswith("data: ")]
print("stream", status, headers.get("Content-Type"), len(deltas), deltas[-1]["done"] if deltas else None)
status, headers, body = call("GET", "/models", headers={"X-Fault": "429", "X-Fault-Retry-After": "3"})
print("fault", status, headers.get("Retry-After"), json.loads(body)["error"])
PY
out=$(timeout 30 python3 -c "$client" "$base" 2>&1)
expect() { if grep -Fxq -- "$2" <<<"$out"; then pass; else fail "$1: wanted '$2' in:"$'\n'"$out"; fi; }
expect "models" "models 200 loupe-mini,loupe-pro,loupe-reasoner"
expect "auth required" "unauthenticated 401"
expect "sign-in" "me ada@example.com"
if grep -Eq '^stream 200 text/event-stream [1-9][0-9]* True$' <<<"$out"; then pass; else fail "stream: $out"; fi
expect "fault header" "fault 429 3 rate_limited"

kill -TERM "$pid"
for _ in $(seq 200); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
if kill -0 "$pid" 2>/dev/null; then
    fail "SIGTERM did not stop it within 10 s"
else
    wait "$pid"
    status=$?
    if [ "$status" -eq 0 ]; then pass; else fail "exit status $status after SIGTERM; stderr: $(cat "$work/err")"; fi
fi
pid=

finish
