#!/usr/bin/env bash
# Installs Debian's nginx-light for the proxy benchmark (loupe-bench --only proxy, part of
# make bench) when no nginx is installed, and prints the path of the nginx binary. Installs
# nothing when nginx is already there. On failure it prints why on standard error and exits
# non-zero; the benchmark then reports nginx as not available and runs the rest.
#
# Debian's package post-install starts the system nginx service on port 80 where services may
# start; the benchmark never uses that one: it runs its own nginx with a generated configuration.
set -euo pipefail

find_nginx() {
    for candidate in "$(command -v nginx 2>/dev/null || true)" /usr/sbin/nginx; do
        if [ -n "$candidate" ] && [ -x "$candidate" ]; then echo "$candidate"; return 0; fi
    done
    return 1
}

if nginx="$(find_nginx)"; then
    echo "$nginx"
    exit 0
fi

command -v apt-get >/dev/null || { echo "no nginx and no apt-get to install nginx-light with" >&2; exit 1; }
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "no nginx, not root and no sudo: install nginx-light by hand" >&2; exit 1; }
    # -n: fail instead of waiting for a password in the middle of a benchmark run.
    sudo="sudo -n"
fi
echo "installing nginx-light with apt-get (once)" >&2
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
if ! { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends nginx-light; } >"$log" 2>&1; then
    echo "apt-get install nginx-light failed: $(grep -m 1 -iE '^(E|W):' "$log" || tail -n 1 "$log")" >&2
    exit 1
fi
find_nginx || { echo "apt-get installed nginx-light but no nginx binary was found" >&2; exit 1; }
