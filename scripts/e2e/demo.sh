#!/usr/bin/env bash
# End-to-end check of `loupe demo --no-console`: the scripted session runs through the sample
# backend and the reverse proxy, the export is written 0600, and `loupe scan` finds it clean.
# Usage: scripts/e2e/demo.sh PATH/TO/loupe
set -uo pipefail
source "$(dirname "$0")/../lib/e2e-harness.sh"
logs=("$work/demo.out" "$work/demo.err")

"$loupe" demo --no-console --output "$work/demo.zip" </dev/null >"$work/demo.out" 2>"$work/demo.err" \
    || die "loupe demo --no-console exited $?"
[ -f "$work/demo.zip" ] || die "no export at $work/demo.zip"
mode=$(stat -c '%a' "$work/demo.zip")
[ "$mode" = "600" ] || die "the export has mode $mode, not 600"
grep -q "proxy-reverse" "$work/demo.out" || die "the summary names no proxy-reverse events"
grep -q "apiClient" "$work/demo.out" || die "the summary names no apiClient events"
"$loupe" scan "$work/demo.zip" >"$work/scan.out" 2>&1 || { cat "$work/scan.out" >&2; die "loupe scan found something in the export"; }
"$loupe" proxy --console --no-api --listen 127.0.0.1:0 </dev/null >"$work/console.out" 2>&1
[ $? -ne 0 ] && grep -q "needs a terminal" "$work/console.out" || die "proxy --console without a terminal was not refused"
exit 0
