#!/usr/bin/env bash
# End-to-end checks of the web inspector at / of the log API, in headless Chromium driven by
# Selenium (Debian's chromium and chromium-driver, Selenium from pip: make deps): the page loads,
# rows arrive live while curl sends traffic through a forward proxy, a valid and an invalid filter
# (the parser's error under its column), details, keyboard, an event stream growing, a HAR
# download, a narrow window, refusal without the access token, no console errors, and no secret in
# the page. Screenshots of the main
# views go to a scratch folder, or to $LOUPE_SCREENSHOTS (`make screenshots` renews docs/screenshots/).
# Usage: scripts/e2e/inspector.sh PATH/TO/loupe
set -uo pipefail
source "$(dirname "$0")/../lib/e2e-harness.sh"
for tool in chromium chromedriver; do command -v "$tool" >/dev/null || die "$tool is missing (make deps)"; done
python3 -c "import selenium" 2>/dev/null || die "the selenium Python package is missing (make deps)"
secret="ghp_a1B2c3D4e5a1B2c3D4e5a1B2c3D4e5a1B2c3"
pids=()
on_exit() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done; }
logs=("$work/proxy.err")
screenshots=${LOUPE_SCREENSHOTS:-$work/screenshots}
mkdir -p "$screenshots" "$work/downloads" "$work/htdocs"

printf '{"hello":"world","items":[1,2,3],"nested":{"ok":true}}\n' >"$work/htdocs/data.json"
start_static_origin "$work/htdocs"
start_sse_origin 6 0.7

# `loupe open` on the sample log, with a token of its own.
saved=$root/samples/events.ndjson
saved_count=$(grep -c . "$saved")
LOUPE_API_TOKEN= "$loupe" open "$saved" 2>"$work/open.err" &
open_pid=$!
pids+=($open_pid)
logs+=("$work/open.err")
for _ in $(seq 1 100); do grep -q "web inspector at" "$work/open.err" && break; sleep 0.1; done
saved_url=$(grep -o 'http://127.0.0.1:[0-9]*/?token=[0-9a-f]*' "$work/open.err" | head -1)
[ -n "$saved_url" ] || die "loupe open printed no inspector address"
saved_base=${saved_url%%/?token=*}
saved_token=${saved_url##*token=}
status=$(curl -s -o /dev/null -w '%{http_code}' "$saved_base/v1/events")
[ "$status" = 401 ] && pass || fail "loupe open's API answered $status without the token, wanted 401"
count=$(curl -s -H "Authorization: Bearer $saved_token" "$saved_base/v1/events" | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')
[ "$count" = "$saved_count" ] && pass || fail "loupe open serves $count events of $saved_count"
run "loupe open on a missing file" 2 "$loupe" open "$work/missing.har"
has "loupe open names the missing file" "$err" "missing.har"

start_proxy
run "the inspector in headless Chromium" 0 python3 "$root/scripts/e2e/inspector-browser.py" \
    --api "http://127.0.0.1:$api_port" --token "$LOUPE_API_TOKEN" --proxy "http://127.0.0.1:$proxy_port" \
    --origin "http://127.0.0.1:$origin_port" --sse-origin "http://127.0.0.1:$sse_port" \
    --screenshots "$screenshots" --downloads "$work/downloads" --secret "$secret" \
    --saved-url "$saved_url" --saved-count "$saved_count"
while read -r line; do
    case $line in ok\ *) pass ;; FAIL\ *) fail "${line#FAIL }" ;; esac
done <<<"$out"
[ -n "$out" ] || fail "the browser test printed nothing: $err"
stop_proxy
finish
