#!/usr/bin/env bash
# `npm test`: everything CI runs. The keychain is real: when a private D-Bus session can be made,
# all tests run inside one with its own unlocked gnome-keyring, so a developer's own keychain is
# never touched and CI needs no desktop session.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${MC_PRIVATE_KEYRING:-}" ] && command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  export MC_PRIVATE_KEYRING=1
  # Its own keyring folder too: gnome-keyring keeps keyrings under $XDG_DATA_HOME, and one left
  # there by another run with another password would refuse to unlock.
  keyring_home=$(mktemp -d)
  status=0
  XDG_DATA_HOME="$keyring_home" dbus-run-session -- bash -c 'echo -n test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec bash scripts/test.sh' || status=$?
  rm -rf "$keyring_home"
  exit "$status"
fi

mkdir -p test-results
step() { echo; echo "== $*"; "$@"; }
step npm run typecheck
step npm run lint
step npm run scan
step npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
step npm run build
step npx playwright test -c e2e/playwright.config.ts
step npx playwright test -c e2e/electron/playwright.config.ts
node scripts/test-summary.ts test-results/vitest.json test-results/e2e.json test-results/electron.json
