#!/usr/bin/env bash
# `make demo`: runs `loupe demo` with the built binary. On a terminal the console opens on the
# live log (q quits); without one (CI) it prints a summary, writes loupe-demo.zip and scans it.
# Usage: scripts/demo.sh PATH/TO/loupe [loupe demo options…]
set -euo pipefail
loupe=${1:?usage: scripts/demo.sh PATH/TO/loupe [options]}
shift
exec "$loupe" demo "$@"
