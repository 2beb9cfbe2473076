#!/usr/bin/env bash
# README.md's test command, and what .ci/run runs: installs the Debian programs the tests play
# against where any is missing, then runs the whole suite. Arguments go to `cargo test`
# (`scripts/test.sh --test xboard`). JESTER_SKIP_PEER_TESTS=1 skips the install, and the tests
# that need those programs skip themselves.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/games"

# Debian package, then the program the tests look for in it:
# - stockfish: the perft cross-check of standard chess and games over UCI (peer_stockfish.rs,
#   peer_games.rs); fairy-stockfish: the variant cross-checks (peer_fairy.rs);
# - fairymax, xboard, xvfb, xauth: games over CECP under real XBoard in a headless X server
#   (peer_games.rs); fairymax's fmax.ini also describes the armies' pieces (cwda.rs);
# - chromium, chromium-driver: the browser board of `jester serve` (browser.rs);
# - python3: the scripted engine the referee tests play against (fake_engines/scripted.py).
NEEDED=(
  stockfish:stockfish fairy-stockfish:fairy-stockfish fairymax:fairymax xboard:xboard
  xvfb:xvfb-run xauth:xauth chromium:chromium chromium-driver:chromedriver python3:python3
)
missing=()
for pair in "${NEEDED[@]}"; do
  command -v "${pair#*:}" >/dev/null || missing+=("${pair%%:*}")
done

if [ "${#missing[@]}" -gt 0 ] && [ -z "${JESTER_SKIP_PEER_TESTS:-}" ]; then
  if [ "$(id -u)" -eq 0 ]; then
    as_root=()
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    as_root=(sudo)
  else
    echo "scripts/test.sh: missing Debian packages: ${missing[*]}; run as root or with sudo, install them (apt-get install ${missing[*]}), or set JESTER_SKIP_PEER_TESTS=1 to skip the tests that need them" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  ${as_root[@]+"${as_root[@]}"} apt-get update -qq
  ${as_root[@]+"${as_root[@]}"} apt-get install -y -qq "${missing[@]}" >/dev/null
fi

exec cargo test --profile release-tests "$@"
