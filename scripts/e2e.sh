#!/usr/bin/env bash
# End-to-end checks that run the built `loupe` binary the way a user would.
# Usage: scripts/e2e.sh PATH/TO/loupe
set -uo pipefail
loupe=${1:?usage: scripts/e2e.sh PATH/TO/loupe}
loupe="$(cd "$(dirname "$loupe")" && pwd)/$(basename "$loupe")"  # checks below change directory
passed=0
failed=0

# check NAME EXPECTED_STATUS EXPECTED_OUTPUT_REGEX -- COMMAND…: runs COMMAND, compares its exit
# status and combined output.
check() {
    local name=$1 want_status=$2 want_output=$3
    shift 4
    local output status
    output=$("$@" 2>&1)
    status=$?
    if [ "$status" -eq "$want_status" ] && grep -Eq -- "$want_output" <<<"$output"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf 'FAIL %s: exit %s (wanted %s), output:\n%s\n' "$name" "$status" "$want_status" "$output" >&2
    fi
}

version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/LoupeCore/Loupe.swift)
check "version" 0 "^${version//./\\.}\$" -- "$loupe" --version
check "help lists subcommands" 0 "SUBCOMMANDS" -- "$loupe" --help
check "help has examples" 0 "EXAMPLES|Examples" -- "$loupe" --help
check "unknown subcommand fails" 64 "Unexpected argument|unknown" -- "$loupe" frobnicate
check "filter explains a valid expression" 0 "status" -- "$loupe" filter 'method:POST status:5xx or has:error'
check "filter points at the bad column" 2 "column 8" -- "$loupe" filter 'status:abc'
check "filter reads an event stream" 0 '"type":"delta"' -- bash -c "printf 'event: delta\ndata: hi\n\n' | '$loupe' parse-sse --json"

check "sse gives up after --max-reconnects" 2 "connection refused" -- "$loupe" sse --max-reconnects 1 http://127.0.0.1:1/
check "default rules pass their examples" 0 "all passed" -- "$loupe" rules test
check "rules work from any directory" 0 "all passed" -- bash -c "cd / && '$loupe' rules test"

for script in scripts/e2e/*.sh; do
    [ -e "$script" ] || continue
    if bash "$script" "$loupe"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $script" >&2; fi
done

echo "end-to-end: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
