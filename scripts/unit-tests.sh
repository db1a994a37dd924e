#!/usr/bin/env bash
# Builds the test bundle once, then runs its Swift Testing suites in two processes, one after
# the other:
#   network  suites that talk to in-process servers and hold timeouts (clients, proxy, servers,
#            the console attached to a log API);
#   compute  everything else, much of it CPU-bound (redaction corpora, property tests, exports).
# Swift Testing runs a process's tests in parallel on the cooperative pool, which has one thread
# per core. In one process the CPU-bound suites held both threads of a 2-core machine for about
# 35 s, so clients waiting on in-process servers hit their 30 s timeouts and retried, and a CI run
# once hung until it was stopped. Each group has a time limit; when it runs out, the tests that
# started and never ended are listed (from Swift Testing's event stream, which is written as the
# run goes, unlike its buffered console output).
# Usage: scripts/unit-tests.sh [swift build flags…]   (SWIFT names the swift binary)
set -uo pipefail
swift=${SWIFT:-swift}
limit=${LOUPE_TEST_GROUP_LIMIT:-900}  # seconds per group
network='^(LoupeClientTests|LoupeProxyTests|LoupeServerTests|LoupeConsoleTests|ChatBackendTests|ChatClientTests|ChatDemoTests)\.'

"$swift" build --build-tests "$@" || exit $?
bundle="$("$swift" build --show-bin-path "$@")/LoupePackageTests.xctest"
log_dir=$(mktemp -d)
trap 'rm -rf "$log_dir"' EXIT

# run_group NAME SELECTION…: runs the selected tests within the time limit.
run_group() {
    local name=$1 status
    shift
    echo "== unit tests: $name"
    timeout --kill-after=30 "$limit" "$bundle" --testing-library swift-testing "$@" \
        --event-stream-output-path "$log_dir/$name.jsonl" --event-stream-version 0
    status=$?
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
        echo "The $name unit tests did not finish within $limit s (LOUPE_TEST_GROUP_LIMIT)." \
             "Tests that started and never ended:" >&2
        python3 - "$log_dir/$name.jsonl" >&2 <<'EOF'
import json, sys
running = {}
try:
    for line in open(sys.argv[1], errors="replace"):
        try:
            record = json.loads(line)
        except ValueError:
            continue  # the last line may be cut off
        if record.get("kind") != "event":
            continue
        event = record["payload"]
        test = event.get("testID")
        if event["kind"] == "testStarted":
            running[test] = True
        elif event["kind"] in ("testEnded", "testSkipped"):
            running.pop(test, None)
except FileNotFoundError:
    pass
functions = [test for test in running if "(" in test]  # suites started too; name the tests
print("\n".join("  " + test for test in functions or running) or "  (none: the process hung before or after its tests)")
EOF
    fi
    return "$status"
}

run_group network --filter "$network"
network_status=$?
run_group compute --skip "$network"
compute_status=$?
[ "$network_status" -eq 0 ] && [ "$compute_status" -eq 0 ]
