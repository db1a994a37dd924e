#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (ASan + libFuzzer, in .build-fuzz) and runs each one for
# FUZZ_SECONDS (default 60) from its committed seed corpus in Fuzz/Corpus/<target>.
#
#   scripts/fuzz.sh                      every target, one after the other
#   scripts/fuzz.sh FuzzSSEParser ...    only these
#   FUZZ_SECONDS=600 scripts/fuzz.sh     longer runs
#   FUZZ_MERGE=1 scripts/fuzz.sh         afterwards, merge inputs that found new coverage into
#                                        the committed corpus (minimized by libFuzzer's -merge)
#
# New inputs go to .build-fuzz/work/<target>, never into Fuzz/Corpus unless FUZZ_MERGE=1. A crash,
# failed invariant, hang (-timeout, default FUZZ_TIMEOUT=20 s per input), leak or out-of-memory
# is saved under .build-fuzz/findings/<target>/ (not artifacts/: SwiftPM empties that folder of
# its scratch path on every build); the script then names the file and exits 1.
# Every run is appended to .build-fuzz/fuzz-runs.tsv (date, target, wall seconds, CPU seconds,
# executions, result)
# so the CPU time spent per target can be added up.
set -uo pipefail

cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-60}"
timeout="${FUZZ_TIMEOUT:-20}"
scratch=.build-fuzz
build=(swift build --package-path Fuzz --scratch-path "$scratch"
       --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=()
    for dir in Fuzz/Sources/Fuzz*/; do
        name=$(basename "$dir")
        [ "$name" = FuzzSupport ] || targets+=("$name")
    done
fi

# FUZZ_BUILD=0 runs what is built (for several runs in parallel while the sources change).
[ "${FUZZ_BUILD:-1}" = 0 ] || echo "make fuzz: building ${#targets[@]} fuzzer(s) in $scratch (the first build takes a while)"
# Only the products asked for: one target's first build is much shorter than all ten.
mkdir -p "$scratch/logs"
[ "${FUZZ_BUILD:-1}" = 0 ] || for target in "${targets[@]}"; do
    "${build[@]}" --product "$target" >"$scratch/logs/$target.build.log" 2>&1 || {
        grep -E "error:" "$scratch/logs/$target.build.log" | head -20
        echo "make fuzz: building $target failed; see $scratch/logs/$target.build.log" >&2
        exit 1
    }
done
bin=$("${build[@]}" --show-bin-path)

failed=()
mkdir -p "$scratch/findings" "$scratch/work" "$scratch/logs"
for target in "${targets[@]}"; do
    corpus="Fuzz/Corpus/$target"
    work="$scratch/work/$target"
    artifacts="$scratch/findings/$target"
    log="$scratch/logs/$target.log"
    mkdir -p "$work" "$artifacts"
    [ -d "$corpus" ] || { echo "make fuzz: no seed corpus $corpus" >&2; exit 1; }
    echo "make fuzz: $target for ${seconds}s"
    # libFuzzer writes new inputs into the first corpus folder only: the work folder.
    # bash's `time` measures the fuzzer's wall clock and CPU (user + sys); on a shared machine the
    # CPU seconds are what the target really got.
    TIMEFORMAT='%R %U %S'
    { time SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt:print_suppressions=0" \
        "$bin/$target" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=4096 \
        -artifact_prefix="$artifacts/" -print_final_stats=1 "$work" "$corpus" >"$log" 2>&1 ; } 2>"$scratch/logs/$target.time"
    status=$?
    read -r took user sys <"$scratch/logs/$target.time"
    cpu=$(awk "BEGIN { printf \"%.0f\", $user + $sys }")
    took=${took%.*}
    runs=$(grep -o "stat::number_of_executed_units: *[0-9]*" "$log" | grep -o "[0-9]*$" || echo "?")
    if [ $status -eq 0 ]; then
        result=ok
        echo "make fuzz: $target ok: $runs inputs in ${took}s (${cpu}s of CPU)"
    else
        artifact=$(grep -o "Test unit written to .*" "$log" | tail -1 | sed 's/Test unit written to //')
        result="failed: ${artifact:-see $log}"
        failed+=("$target")
        echo "make fuzz: $target FAILED (exit $status): ${artifact:-no artifact}" >&2
        grep -E "invariant failed|ERROR: |SUMMARY: |Fatal error|Precondition|panic" "$log" | head -5 >&2
        echo "make fuzz: full output in $log; reproduce with: SWIFT_BACKTRACE=enable=no $bin/$target ${artifact:-ARTIFACT}" >&2
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$target" "$took" "$cpu" "$runs" "$result" >>"$scratch/fuzz-runs.tsv"
    if [ "${FUZZ_MERGE:-0}" = 1 ]; then
        SWIFT_BACKTRACE=enable=no "$bin/$target" -merge=1 -timeout="$timeout" "$corpus" "$work" >>"$log" 2>&1 \
            && echo "make fuzz: merged new coverage of $target into $corpus"
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "make fuzz: ${#failed[@]} target(s) found a problem: ${failed[*]}" >&2
    exit 1
fi
echo "make fuzz: all ${#targets[@]} target(s) ran without a finding"
