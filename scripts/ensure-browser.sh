#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (/usr/bin/chromium) with Playwright; they never
# download a browser. Install the Debian package when it is missing and this machine can.
set -u

CHROMIUM=/usr/bin/chromium
[ -x "$CHROMIUM" ] && exit 0

echo "Chromium is not installed at $CHROMIUM; installing Debian's package." >&2
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q chromium >/dev/null 2>&1 \
    || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null; }
fi
if [ ! -x "$CHROMIUM" ]; then
  echo "Could not install Chromium. As root: apt-get update && apt-get install -y chromium" >&2
  exit 1
fi
echo "Chromium installed: $("$CHROMIUM" --version 2>/dev/null)"
