#!/usr/bin/env bash
# Installs mitmproxy 11 into a venv for the HTTPS benchmark (loupe-bench --only https) and prints
# the path of its mitmdump. Installs nothing when the venv already has it. On failure it prints
# why on standard error and exits non-zero; the benchmark then reports mitmdump as not available.
#
#   scripts/bench-mitmproxy.sh [VENV]     default VENV: .build-bench/mitm in the repository
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${1:-$root/.build-bench/mitm}"
mitmdump="$venv/bin/mitmdump"

if [ -x "$mitmdump" ] && "$mitmdump" --version 2>/dev/null | grep -q "^Mitmproxy: 11\."; then
    echo "$mitmdump"
    exit 0
fi

python="${PYTHON:-python3}"
command -v "$python" >/dev/null || { echo "no $python on PATH" >&2; exit 1; }
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# A venv left half-made by an interrupted install is made anew.
rm -rf "$venv"
mkdir -p "$(dirname "$venv")"
if ! "$python" -m venv "$venv" >"$log" 2>&1; then
    echo "python3 -m venv failed: $(tail -n 1 "$log")" >&2
    exit 1
fi
if ! "$venv/bin/pip" install --quiet --disable-pip-version-check 'mitmproxy>=11,<12' >"$log" 2>&1; then
    echo "pip install 'mitmproxy>=11,<12' failed: $(grep -m 1 -i error "$log" || tail -n 1 "$log")" >&2
    exit 1
fi
[ -x "$mitmdump" ] || { echo "pip installed mitmproxy but $mitmdump is missing" >&2; exit 1; }
echo "$mitmdump"
