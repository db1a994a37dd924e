#!/usr/bin/env bash
# `make demo` until the full demo lands: shows what works today with the built binary.
# Usage: scripts/demo.sh PATH/TO/loupe
set -euo pipefail
loupe=${1:?usage: scripts/demo.sh PATH/TO/loupe}
say() { printf '\n\033[1m== %s\033[0m\n' "$*"; [ -n "${NO_COLOR:-}" ] || true; }

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

say "Logger ingest benchmark (debug build, 200 000 events; \`make bench\` runs the release figures)"
"$(dirname "$loupe")/loupe-bench" --only logger --events 200000
