#!/usr/bin/env bash
# Takes a 1280 x 800 screenshot of the editor window under Xvfb: scripts/screenshot.sh OUT.png [FILE]
# Needs the packages from scripts/install-system-packages.sh.
set -euo pipefail
out=${1:-screenshot.png}
file=${2:-}
cd "$(dirname "$0")/.."
cargo build --release
export XDG_RUNTIME_DIR=$(mktemp -d)
export HOME=$(mktemp -d)
Xvfb :97 -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 2
if [ -n "$file" ]; then
  DISPLAY=:97 ./target/release/skirmish-studio edit "$file" >/dev/null 2>&1 &
else
  DISPLAY=:97 ./target/release/skirmish-studio >/dev/null 2>&1 &
fi
app=$!
sleep 6
DISPLAY=:97 import -window root "$out"
kill $app 2>/dev/null || true
echo "wrote $out"
