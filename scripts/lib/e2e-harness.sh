# Shared harness of the end-to-end scripts in scripts/e2e/ (sourced, not run): the absolute path of
# the `loupe` binary in $loupe, a scratch folder in $work, pass/fail counters and the checks below.
# A script that starts processes redefines on_exit to stop them; `finish` ends every script.
# Usage, at the top of scripts/e2e/NAME.sh:  source "$(dirname "$0")/../lib/e2e-harness.sh"
loupe=${1:?usage: $0 PATH/TO/loupe}
case $loupe in /*) ;; *) loupe="$PWD/$loupe" ;; esac
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
suite=$(basename "$0" .sh)
work=$(mktemp -d)
on_exit() { :; }
trap 'on_exit; rm -rf "$work"' EXIT

# The log API's access token: `loupe proxy`, `console --attach` and `export --from` read it from
# LOUPE_API_TOKEN; api_curl ARGS… is curl with it.
export LOUPE_API_TOKEN="e2e-token-$RANDOM$RANDOM$RANDOM$RANDOM"
api_curl() { curl -H "Authorization: Bearer $LOUPE_API_TOKEN" "$@"; }

passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL %s: %s\n' "$suite" "$1" >&2; }
# logs: files (a server's output) that die and a failing finish show, indented.
logs=()
show_logs() { for log in "${logs[@]}"; do [ -f "$log" ] && sed "s/^/  $(basename "$log"): /" "$log" >&2; done; }
# die MESSAGE: a step failed that the checks after it depend on.
die() { printf 'FAIL %s: %s\n' "$suite" "$1" >&2; show_logs; exit 1; }

# run NAME EXPECTED_STATUS COMMAND…: runs COMMAND (30 s at most), keeps stdout in $out and stderr in $err.
run() {
    local name=$1 want=$2
    shift 2
    out=$(timeout 30 "$@" 2>"$work/.stderr")
    status=$?
    err=$(cat "$work/.stderr")
    if [ "$status" -eq "$want" ]; then pass; else fail "$name: exit $status, wanted $want; stdout: $out; stderr: $err"; fi
}
# has NAME TEXT REGEX / lacks NAME TEXT STRING: checks what a command printed. lacks does not echo
# TEXT, as it may hold the secret it looks for.
has() { if grep -Eq -- "$3" <<<"$2"; then pass; else fail "$1: output lacks /$3/:"$'\n'"$2"; fi; }
lacks() { if grep -Fq -- "$3" <<<"$2"; then fail "$1: output contains '$3'"; else pass; fi; }

# free_port: a TCP port on 127.0.0.1 that nothing listens on right now.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# wait_for_port PORT: waits up to 10 s for something to listen on 127.0.0.1:PORT.
wait_for_port() {
    for _ in $(seq 1 100); do
        (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}

# start_static_origin DIR: serves DIR with Python's http.server on a free 127.0.0.1 port, sets
# $origin_port and adds the server to $pids (which the script's on_exit stops).
start_static_origin() {
    origin_port=$(free_port)
    (cd "$1" && exec python3 -m http.server --bind 127.0.0.1 "$origin_port") >/dev/null 2>&1 &
    pids+=($!)
    wait_for_port "$origin_port" || die "the test origin did not start"
}

# start_sse_origin COUNT INTERVAL: an event-stream origin (scripts/e2e/sse-origin.py: COUNT events
# INTERVAL seconds apart on every GET) on a free port; sets $sse_port, adds it to $pids.
start_sse_origin() {
    sse_port=$(free_port)
    python3 "$root/scripts/e2e/sse-origin.py" "$sse_port" "$1" "$2" >/dev/null 2>&1 &
    pids+=($!)
    wait_for_port "$sse_port" || die "the event-stream origin did not start"
}

# start_proxy ARGS…: starts `loupe proxy` with ARGS on free ports (its standard error in
# $work/proxy.err), sets $proxy_port, $api_port and $proxy_pid, adds it to $pids (which the
# script's on_exit stops), and waits for both ports to listen. stop_proxy stops it.
start_proxy() {
    proxy_port=$(free_port)
    api_port=$(free_port)
    "$loupe" proxy --listen "127.0.0.1:$proxy_port" --api "127.0.0.1:$api_port" "$@" 2>"$work/proxy.err" &
    proxy_pid=$!
    pids+=($proxy_pid)
    wait_for_port "$proxy_port" || die "loupe proxy $* did not start listening"
    wait_for_port "$api_port" || die "the log API did not start listening"
}
stop_proxy() { kill "$proxy_pid" 2>/dev/null; wait "$proxy_pid" 2>/dev/null; }

# finish: the summary line, and the script's exit status.
finish() {
    echo "$suite end-to-end: $passed passed, $failed failed"
    [ "$failed" -eq 0 ] || { show_logs; exit 1; }
}
