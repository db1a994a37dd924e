#!/usr/bin/env bash
# End-to-end checks of `loupe console`: the plain table when output is not a terminal, and the
# real ncurses screen driven under tmux (send-keys to type, capture-pane to read the screen).
# Usage: scripts/e2e/console.sh PATH/TO/loupe   (prints one line per failed check; exit 1 on any)
set -uo pipefail
source "$(dirname "$0")/../lib/e2e-harness.sh"
fixture="$root/samples/events.ndjson"
socket="loupe-e2e-console-$$"
on_exit() { command -v tmux >/dev/null && tmux -L "$socket" kill-server 2>/dev/null; }

# --- Not a terminal: a plain table of the filtered events.
out=$(TZ=UTC "$loupe" console --open "$fixture" --filter 'host:api.example.com' 2>&1)
status=$?
[ "$status" -eq 0 ] && pass || fail "plain table: exit $status: $out"
has "plain table header" "$out" '^TIME +METHOD +STATUS +DURATION +SIZE +MARKERS +HOST/PATH$'
has "plain table row" "$out" '^14:13:20\.125 GET +200 +40ms +24B RED +api\.example\.com/conversations\?limit=20$'
lacks "plain table filters" "$out" "127.0.0.1:9/slow"
[ "$(wc -l <<<"$out")" -eq 4 ] && pass || fail "plain table: wanted a header and 3 rows, got:"$'\n'"$out"

out=$("$loupe" console --open "$fixture" --filter 'status:abc' 2>&1)
status=$?
[ "$status" -eq 2 ] && pass || fail "bad --filter: exit $status, wanted 2"
has "bad --filter names the column" "$out" "column 8"
out=$("$loupe" console --open "$work/missing.ndjson" 2>&1)
has "missing file is explained" "$out" "missing\.ndjson: cannot open the file.*(no such file|exist)"

# --- Other formats through LoupeExport: a zip bundle made by `loupe export`, a browser HAR.
"$loupe" export --from "$fixture" -o "$work/exported.zip" >/dev/null 2>&1 || fail "loupe export to zip failed"
out=$(TZ=UTC "$loupe" console --open "$work/exported.zip" --filter 'host:api.example.com' 2>&1)
has "zip bundle opens" "$out" '^14:13:20\.125 GET +200 +40ms +24B RED +api\.example\.com/conversations\?limit=20$'
[ "$(wc -l <<<"$out")" -eq 4 ] && pass || fail "zip bundle: wanted a header and 3 rows, got:"$'\n'"$out"
har="$(dirname "$fixture")/../Tests/LoupeExportTests/Fixtures/chrome-export.har"
out=$("$loupe" console --open "$har" 2>&1)
has "browser HAR opens" "$out" 'POST +201 .*api\.example\.com/v1/sessions'
lacks "browser HAR is redacted before display" "$out" "tok_abcdef123456"
printf 'not a log' >"$work/junk.har"
out=$("$loupe" console --open "$work/junk.har" 2>&1)
status=$?
[ "$status" -ne 0 ] && pass || fail "junk HAR: exit 0"
has "junk HAR names file and position" "$out" "junk\.har, line 1"

# --- A terminal: tmux.
if ! command -v tmux >/dev/null; then
    echo "SKIP console: tmux is not installed, so the interactive screen was not tested (make deps installs it)." >&2
    finish
    exit
fi

tmux_() { tmux -L "$socket" "$@"; }
screen() { tmux_ capture-pane -p -t console; }
# wait_for NAME REGEX: polls the screen until REGEX appears (10 s at most).
wait_for() {
    local name=$1 pattern=$2 deadline=$((SECONDS + 10))
    while [ "$SECONDS" -lt "$deadline" ]; do
        if screen | grep -Eq -- "$pattern"; then pass; return 0; fi
        sleep 0.1
    done
    fail "$name: the screen never showed /$pattern/:"$'\n'"$(screen)"
    return 1
}
# wait_gone NAME REGEX: polls until REGEX is no longer on the screen.
wait_gone() {
    local name=$1 pattern=$2 deadline=$((SECONDS + 10))
    while [ "$SECONDS" -lt "$deadline" ]; do
        if ! screen | grep -Eq -- "$pattern"; then pass; return 0; fi
        sleep 0.1
    done
    fail "$name: the screen still shows /$pattern/:"$'\n'"$(screen)"
    return 1
}
keys() { tmux_ send-keys -t console "$@"; }

tmux_ -f /dev/null new-session -d -s console -x 80 -y 24 \
    "env TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 TZ=UTC '$loupe' console --open '$fixture'; echo \"exit=\$?\" > '$work/exit'; sleep 30"

wait_for "status bar" "events\.ndjson  6/6 shown  evicted 0  follow on  rules default@[0-9a-f]{8}  no fil"
wait_for "first row" "^14:13:20 GET +200 api\.example\.com/conversations\?limit… +40ms +24B RED"
wait_for "SSE row with its event count" "POST +200 api\.example\.com/conversations/c1/me.*SSE 2"
wait_for "tunnel row" "CONNECT 200 api\.example\.com:443 .*TUN"
wait_for "failed row" "GET +ERR 127\.0\.0\.1:9/slow .*ERR"

keys "/"
keys -l "status:abc"
wait_for "parse error under its column" "^ {8}\^ expected a status"
keys C-u
keys -l "host:api.example.com"
wait_for "filtered while typing" "3/6 shown  evicted 0  follow on  rules [^ ]+  filter"
wait_gone "filtered rows" "127\.0\.0\.1:9/slow"
keys Enter
wait_for "filter kept" "\? help +/ filter"

keys g Enter
wait_for "detail view" "1 Request .*2 Response"
wait_for "redacted value as a placeholder" "Authorization: Bearer \[REDACTED:bearer\]"
keys 5
wait_for "redactions tab" "^bearer +1"
lacks "redactions never show values" "$(screen)" "Bearer "

tmux_ resize-window -t console -x 100 -y 30
keys Escape
wait_for "resized list shows milliseconds" "^14:13:20\.125 GET"
if [ "$(screen | wc -l)" -eq 30 ] && screen | sed -n 29p | grep -q "3/6 shown"; then pass; else
    fail "resize: the status bar is not on row 29 of 30:"$'\n'"$(screen)"; fi

keys t
wait_for "filter toggled off" "6/6 shown  evicted 0  follow off  rules [^ ]+  filter off: host:api\.exam"

keys x
keys C-u
keys -l "$work/view.ndjson"
keys Enter
wait_for "export reports what it wrote" "Wrote 6 events to .*view\.ndjson"
if [ "$(stat -c %a "$work/view.ndjson" 2>/dev/null)" = "600" ] && [ "$(wc -l <"$work/view.ndjson")" -eq 6 ]; then pass; else
    fail "export: wanted 6 lines in an owner-only file, got mode $(stat -c %a "$work/view.ndjson" 2>&1)"; fi

keys t
wait_for "filter back on" "3/6 shown"
keys x
keys C-u
keys -l "$work/view"
keys Enter
wait_for "export without an extension writes a zip bundle" "Wrote 3 events to .*view \(zip"
out=$("$loupe" console --open "$work/view" 2>&1)
[ "$(stat -c %a "$work/view" 2>/dev/null)" = "600" ] && [ "$(wc -l <<<"$out")" -eq 4 ] && pass ||
    fail "exported zip: wanted an owner-only bundle with 3 rows, got mode $(stat -c %a "$work/view" 2>&1):"$'\n'"$out"

keys q
deadline=$((SECONDS + 10))
while [ ! -s "$work/exit" ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.1; done
if [ "$(cat "$work/exit" 2>/dev/null)" = "exit=0" ]; then pass; else fail "q did not quit cleanly: $(cat "$work/exit" 2>/dev/null)"; fi

finish
