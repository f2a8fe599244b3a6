#!/usr/bin/env bash
# `npm run test:3x`: the whole suite (`npm test`) three times in a row on this machine; stops at the
# first failing run. Flaky tests show up here before they show up in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
for run in 1 2 3; do
  echo "=== npm test, run $run of 3 ==="
  started=$(date +%s)
  if ! npm test; then
    echo "=== run $run of 3 FAILED after $(( $(date +%s) - started )) s ===" >&2
    exit 1
  fi
  echo "=== run $run of 3 passed in $(( $(date +%s) - started )) s ==="
done
echo "=== 3 of 3 runs passed ==="
