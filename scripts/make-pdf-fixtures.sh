#!/usr/bin/env bash
# Regenerates test/fixtures/pdf/*: copies of a real corpus PDF encrypted by qpdf (apt-get install
# qpdf), so `npm test` needs no qpdf. Only the maintainers who change these fixtures run this.
set -euo pipefail
cd "$(dirname "$0")/.."
src=../shared/corpus/pdf/math_0607661.pdf
out=test/fixtures/pdf
mkdir -p "$out"
# qpdf exits 3 for warnings with a usable output.
qpdf --encrypt user-secret owner-secret 256 -- "$src" "$out/encrypted-aes256.pdf" || [ $? -eq 3 ]
qpdf --encrypt user-secret owner-secret 128 --use-aes=y -- "$src" "$out/encrypted-aes128.pdf" || [ $? -eq 3 ]
qpdf --encrypt '' owner-secret 256 -- "$src" "$out/encrypted-owner-only.pdf" || [ $? -eq 3 ]
for f in "$out"/encrypted-*.pdf; do echo "$f: $(qpdf --show-encryption --password=owner-secret "$f" | grep "file encryption method")"; done
