#!/usr/bin/env bash
# End-to-end checks of `loupe export` with the built binary: conversion of a browser HAR, the
# file mode, sanitized output that `loupe scan` finds clean, and clear errors.
# Usage: scripts/e2e/export.sh PATH/TO/loupe   (prints one line per failed check; exit 1 on any)
set -uo pipefail
source "$(dirname "$0")/../lib/e2e-harness.sh"
chrome="$root/Tests/LoupeExportTests/Fixtures/chrome-export.har"
cd "$work" || exit 1

run "convert a Chrome HAR to a bundle" 0 "$loupe" export --from "$chrome" -o shared.zip
has "summary names the count" "$out" "Wrote 4 events to shared.zip"
mode=$(stat -c %a shared.zip 2>/dev/null || stat -f %Lp shared.zip)
[ "$mode" = 600 ] && pass || fail "the bundle has mode $mode, wanted 600"
members=$(python3 -c 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(" ".join(sorted(z.namelist()))); sys.stdout.write("".join(z.read(n).decode() for n in z.namelist()))' shared.zip)
has "the bundle's members" "$members" "^events.har events.json manifest.json"
for secret in s3cr3tSessionValue123 hunter2-Secret! ann.smith@example.com sk_live_51H8abcdefghijklmnopqrstuv; do
    if grep -Fq -- "$secret" <<<"$members"; then fail "the bundle contains '$secret'"; else pass; fi
done
run "loupe scan finds the bundle clean" 0 "$loupe" scan shared.zip
run "the unredacted HAR is flagged" 1 "$loupe" scan "$chrome"
run "bundle to NDJSON with a filter" 0 "$loupe" export --from shared.zip -o posts.ndjson --filter 'method:POST'
[ "$(wc -l <posts.ndjson)" -eq 1 ] && pass || fail "posts.ndjson should hold one line"
run "an unknown extension needs --format" 2 "$loupe" export --from shared.zip -o out.txt
run "--format overrides the extension" 0 "$loupe" export --from shared.zip -o out.txt --format har
head -c 400 "$chrome" >cut.har
run "a cut HAR is an error with a position" 2 "$loupe" export --from cut.har -o x.zip
has "the error names file and line" "$err" "cut.har, line [0-9]+, column [0-9]+: .*cut short"
[ ! -e x.zip ] && pass || fail "a failed export left x.zip behind"
nobody=$(free_port)
run "a log API that does not answer is an error" 2 "$loupe" export --from "http://127.0.0.1:$nobody" -o api.zip
has "the error says why in a few words" "$err" "cannot reach the log API at http://127.0.0.1:$nobody/v1/stats: connection refused; is a"
[ -z "$(ls -A | grep loupe-)" ] && pass || fail "a staging folder was left behind: $(ls -A)"

finish
