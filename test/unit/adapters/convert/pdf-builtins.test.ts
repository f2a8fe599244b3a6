/**
 * pdf.js's legacy build bundles core-js, which replaces Array.prototype.push and JSON.parse/stringify
 * with slower versions for the whole process; the converter puts the natives back (pdf.ts
 * loadPdfjs, and sandbox-child.mjs for the sandbox's child). A regression here costs every
 * conversion, and everything else in the worker, about a tenth of its speed.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { corpus } from '../../../support/corpus.ts';

const isNative = (f: unknown) =>
  typeof f === 'function' &&
  /\{\s*\[native code\]\s*\}$/.test(Function.prototype.toString.call(f)) &&
  !Object.hasOwn(f, 'prototype');

describe('pdf.js and the built-ins', () => {
  it('after a conversion, push, JSON.parse and JSON.stringify are still the natives', async () => {
    assert.ok(
      isNative(Array.prototype.push) && isNative(JSON.parse) && isNative(JSON.stringify),
      'natives before',
    );
    const out = await convertPdf(new Uint8Array(readFileSync(corpus('pdf', '1503.07589v1.pdf'))), {
      maxPages: 2,
    });
    assert.ok(out.markdown.length > 500);
    assert.ok(isNative(Array.prototype.push), 'Array.prototype.push');
    assert.ok(isNative(JSON.parse), 'JSON.parse');
    assert.ok(isNative(JSON.stringify), 'JSON.stringify');
  });

  it('the check tells a JavaScript replacement from a native', () => {
    function push(this: unknown[], ...items: unknown[]) {
      return Array.prototype.splice.call(this, this.length, 0, ...items).length;
    }
    assert.equal(isNative(push), false);
    assert.equal(isNative(Math.max), true);
  });
});
