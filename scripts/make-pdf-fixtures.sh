#!/usr/bin/env bash
# Regenerates the derived PDFs in test/fixtures/pdf/ from the vendored CC BY 3.0 paper
# test/fixtures/corpus/pdf/1503.07589v1.pdf (ATLAS and CMS Collaborations), so `npm test` needs no
# qpdf. Needs qpdf and fix-qdf (apt-get install qpdf) and python3. Only the maintainers who change
# these fixtures run this. Changes made to the paper (CC BY asks to indicate them; also listed in
# test/fixtures/MANIFEST.md):
#   encrypted-*.pdf   pages 3-4 (page 1 alone carries 1.2 MB of images), encrypted (user password "user-secret", owner password "owner-secret")
#   no-text-layer.pdf page 6 with every text-showing block (BT ... ET) removed from its content
#                     streams: the figures' graphics stay, the text layer is gone, as in a scan
set -euo pipefail
cd "$(dirname "$0")/.."
src=test/fixtures/corpus/pdf/1503.07589v1.pdf
out=test/fixtures/pdf
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
# qpdf exits 3 for warnings with a usable output.
qpdf --empty --pages "$src" 3-4 -- "$tmp/pages.pdf" || [ $? -eq 3 ]
qpdf --encrypt user-secret owner-secret 256 -- "$tmp/pages.pdf" "$out/encrypted-aes256.pdf" || [ $? -eq 3 ]
qpdf --encrypt user-secret owner-secret 128 --use-aes=y -- "$tmp/pages.pdf" "$out/encrypted-aes128.pdf" || [ $? -eq 3 ]
qpdf --encrypt '' owner-secret 256 -- "$tmp/pages.pdf" "$out/encrypted-owner-only.pdf" || [ $? -eq 3 ]
for f in "$out"/encrypted-*.pdf; do echo "$f: $(qpdf --show-encryption --password=owner-secret "$f" | grep "file encryption method")"; done

qpdf --empty --pages "$src" 6 -- "$tmp/page.pdf" || [ $? -eq 3 ]
qpdf --qdf --object-streams=disable "$tmp/page.pdf" "$tmp/page.qdf" || [ $? -eq 3 ]
python3 - "$tmp/page.qdf" "$tmp/stripped.qdf" <<'PY'
import re, sys
data = open(sys.argv[1], 'rb').read()
parts = data.split(b'endobj')
for i, part in enumerate(parts):
    m = re.search(rb'stream\n(.*)endstream', part, re.S)
    if m and (b'%% Contents for page' in part[:m.start()] or b'/Subtype /Form' in part[:m.start()]):
        body = re.sub(rb'(?<![A-Za-z])BT(?![A-Za-z]).*?(?<![A-Za-z])ET(?![A-Za-z])', b'', m.group(1), flags=re.S)
        parts[i] = part[:m.start(1)] + body + part[m.end(1):]
open(sys.argv[2], 'wb').write(b'endobj'.join(parts))
PY
fix-qdf "$tmp/stripped.qdf" > "$tmp/fixed.qdf"
qpdf "$tmp/fixed.qdf" --compress-streams=y --object-streams=generate "$out/no-text-layer.pdf" || [ $? -eq 3 ]
ls -l "$out"
