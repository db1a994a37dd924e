#!/usr/bin/env bash
# `make demo` until the full demo lands: shows what works today with the built binary.
# Usage: scripts/demo.sh PATH/TO/loupe
set -euo pipefail
loupe=${1:?usage: scripts/demo.sh PATH/TO/loupe}
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then bold=$'\033[1m' reset=$'\033[0m'; else bold="" reset=""; fi
say() { printf '\n%s== %s%s\n' "$bold" "$*" "$reset"; }

say "loupe $("$loupe" --version)"
"$loupe" --help | sed -n '1,3p'

say "The filter language: how Loupe reads an expression"
"$loupe" filter 'method:POST status:5xx or has:error -host:cdn.example.com'
"$loupe" filter '~m POST & !~c 200'

say "A mistake in a filter names its column"
"$loupe" filter 'status:>=4oo' || true

say "Parsing a server-sent event stream (CRLF, comments, multi-line data, ids)"
printf ': keep-alive\r\nevent: delta\r\nid: 1\r\ndata: {"deltaText":"Hel"}\r\n\r\ndata: line one\ndata: line two\n\nretry: 1500\ndata: last\n\n' \
    | "$loupe" parse-sse

say "Next"
echo "make test   runs every test; make bench measures logger ingest in a release build."
