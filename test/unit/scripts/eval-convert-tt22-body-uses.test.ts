/**
 * Session 21 (tt22): the scorer's count of a paper's own uses of a furniture line. A sentence's last
 * word wrapped alone onto a line (`introduction.`, `dissertation.`) is a use, not a print.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { furnitureBodyUses, type Annotation } from '../../../scripts/eval-convert.ts';

describe('eval-convert furnitureBodyUses: a sentence’s last word alone on a line', () => {
  it('is a use of a one-word running line, not a print of it', () => {
    const ann = {
      file: 'x.pdf',
      title: 'T',
      headings: [],
      runningLines: ['Introduction'],
      frontMatterLines: ['DISSERTATION'],
    } as unknown as Annotation;
    const text = [
      'DISSERTATION',
      'restored my ability to work and think clearly during critical stages of this',
      'dissertation.',
      '\f2 Introduction',
      'the topic of the next part of this',
      'introduction.',
      'Introduction',
    ].join('\n');
    const uses = furnitureBodyUses(ann, [text]);
    assert.equal(uses.get('Introduction'), 1);
    assert.equal(uses.get('DISSERTATION'), 1);
  });
});
