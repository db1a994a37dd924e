#!/usr/bin/env bash
# Installs what Loupe needs from the system, and nothing when it is all present.
set -euo pipefail

packages=(libpcre2-dev libncurses-dev zlib1g-dev tmux pkg-config python3-jsonschema curl openssl wrk valgrind nghttp2-client nghttp2-server chromium chromium-driver)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ ${#missing[@]} -gt 0 ]; then
    echo "make deps: installing ${missing[*]}"
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "make deps: not root and no sudo; install ${missing[*]} by hand." >&2; exit 1; }
        sudo="sudo"
    fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The event-schema test validates with Python's jsonschema; the python3 on PATH may not be
# Debian's (pyenv), so make sure that interpreter has it too.
if command -v python3 >/dev/null && ! python3 -c "import jsonschema" 2>/dev/null; then
    echo "make deps: installing the jsonschema Python package for $(command -v python3)"
    python3 -m pip install --quiet jsonschema
fi

# The HTTPS interception tests drive Python requests through the proxy as a real client.
if command -v python3 >/dev/null && ! python3 -c "import requests" 2>/dev/null; then
    echo "make deps: installing the requests Python package for $(command -v python3)"
    python3 -m pip install --quiet requests
fi

# The WebSocket end-to-end checks use the websockets package as client and server (its proxy
# support came in version 15).
if command -v python3 >/dev/null && ! python3 -c "import websockets, sys; sys.exit(int(websockets.__version__.split('.')[0]) < 15)" 2>/dev/null; then
    echo "make deps: installing the websockets Python package for $(command -v python3)"
    python3 -m pip install --quiet "websockets>=15"
fi

# The web inspector's browser tests drive headless Chromium with Selenium.
if command -v python3 >/dev/null && ! python3 -c "import selenium" 2>/dev/null; then
    echo "make deps: installing the selenium Python package for $(command -v python3)"
    python3 -m pip install --quiet selenium
fi
