#!/usr/bin/env bash
# Runs the unit tests (scripts/unit-tests.sh: the network group, then the compute group) built
# with ThreadSanitizer, then with AddressSanitizer (which includes LeakSanitizer on Linux), each in
# its own scratch folder so that neither rebuilds the other's nor the normal .build.
# The sanitizer runtimes and llvm-symbolizer come with the Swift toolchain; nothing else is needed.
#
# A report fails the run: halt_on_error=1 stops the test process at the first one (TSan exits 66,
# ASan 1), and unit-tests.sh fails when a group's process fails. Reports that are not Loupe's are
# suppressed by name in scripts/sanitizers/*.supp, each entry with the reason (README: Sanitizers).
# Options set in TSAN_OPTIONS / ASAN_OPTIONS / LSAN_OPTIONS come last and win, e.g.
# TSAN_OPTIONS=halt_on_error=0 to see every report of a run instead of the first.
#
# Usage: scripts/sanitize.sh [thread|address…] [-- swift build flags…]   (default: thread address)
set -uo pipefail
cd "$(dirname "$0")/.."
sanitizers=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do sanitizers+=("$1"); shift; done
[ $# -gt 0 ] && shift  # the "--"
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(thread address)

supp=$PWD/scripts/sanitizers
# Code built for a sanitizer runs several times slower (TSan 5-15x). So each group gets more time,
# the tests' guards against hanging wait longer (Duration.scaledForTests in TestServerSupport),
# and Swift Testing runs two tests at a time instead of all of them: with every network test in
# flight at once on two slowed-down cores, exchanges that take milliseconds took tens of seconds
# and ran into the timeouts that some tests check (curl's --max-time, the proxy's own timeouts).
export LOUPE_TEST_GROUP_LIMIT=${LOUPE_TEST_GROUP_LIMIT:-3600}
export LOUPE_TEST_TIMEOUT_SCALE=${LOUPE_TEST_TIMEOUT_SCALE:-5}
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-2}
export TSAN_OPTIONS="halt_on_error=1 suppressions=$supp/tsan.supp ${TSAN_OPTIONS:-}"
export ASAN_OPTIONS="halt_on_error=1 detect_leaks=1 ${ASAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$supp/lsan.supp ${LSAN_OPTIONS:-}"

failed=()
for sanitizer in "${sanitizers[@]}"; do
    case $sanitizer in
        thread) scratch=.build-tsan ;;
        address) scratch=.build-asan ;;
        *) echo "sanitize.sh: unknown sanitizer '$sanitizer' (thread or address)" >&2; exit 2 ;;
    esac
    echo "== sanitizer: $sanitizer ($scratch)"
    start=$SECONDS
    scripts/unit-tests.sh --sanitize="$sanitizer" --scratch-path "$scratch" "$@" || failed+=("$sanitizer")
    echo "== sanitizer: $sanitizer took $(( (SECONDS - start) / 60 )) min $(( (SECONDS - start) % 60 )) s"
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "sanitize.sh: failed under ${failed[*]}" >&2
    exit 1
fi
