/**
 * The one reading of a typed search (domain/arxiv-query.ts readQuery), table-driven: arXiv syntax
 * goes as written (normalised), mixed text keeps its fielded terms and operators and builds only
 * its free words, plain language is built; a field name or an operator never becomes a search word.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  broaderQuery,
  parseArxivQuery,
  QUERY_FIELDS,
  readQuery,
  searchWordProblem,
  type ArxivQuery,
} from '../../../domain/arxiv-query.ts';
import { isAppError } from '../../../domain/errors.ts';

const NOW = new Date('2026-11-26T12:00:00Z');
type Kind = 'arxiv' | 'mixed' | 'plain';

/** [kind, typed, the search_query it must produce]. */
const TABLE: Array<[Kind, string, string]> = [
  // arXiv syntax: every field, phrases, each operator, nesting, date ranges; sent as written.
  ['arxiv', 'cat:cs.CL', 'cat:cs.CL'],
  ['arxiv', 'cat:cs', 'cat:cs'],
  ['arxiv', 'ti:transformer', 'ti:transformer'],
  ['arxiv', 'au:del_maestro', 'au:del_maestro'],
  ['arxiv', 'abs:entanglement', 'abs:entanglement'],
  ['arxiv', 'co:"10 pages"', 'co:"10 pages"'],
  ['arxiv', 'jr:"Physical Review"', 'jr:"Physical Review"'],
  ['arxiv', 'rn:CERN-TH', 'rn:CERN-TH'],
  ['arxiv', 'id:1707.08567', 'id:1707.08567'],
  ['arxiv', 'all:electron', 'all:electron'],
  ['arxiv', 'ti:"diffusion model"', 'ti:"diffusion model"'],
  ['arxiv', 'ti:"diffusion model" AND cat:cs.CV', 'ti:"diffusion model" AND cat:cs.CV'],
  ['arxiv', 'au:del_maestro AND ti:checkerboard', 'au:del_maestro AND ti:checkerboard'],
  ['arxiv', 'ti:graph OR abs:graph', 'ti:graph OR abs:graph'],
  ['arxiv', 'abs:"large language model" ANDNOT cat:cs.CL', 'abs:"large language model" ANDNOT cat:cs.CL'],
  ['arxiv', '(ti:graph OR abs:graph) AND cat:cs.LG', '(ti:graph OR abs:graph) AND cat:cs.LG'],
  [
    'arxiv',
    'au:del_maestro ANDNOT (ti:checkerboard OR ti:Pyrochlore)',
    'au:del_maestro ANDNOT (ti:checkerboard OR ti:Pyrochlore)',
  ],
  [
    'arxiv',
    '((ti:a OR ti:b) AND (abs:c OR abs:d)) ANDNOT cat:hep-th',
    '((ti:a OR ti:b) AND (abs:c OR abs:d)) ANDNOT cat:hep-th',
  ],
  [
    'arxiv',
    'cat:cs.LG AND submittedDate:[202401010000 TO 202412312359]',
    'cat:cs.LG AND submittedDate:[202401010000 TO 202412312359]',
  ],
  [
    'arxiv',
    'lastUpdatedDate:[20230101 TO 20230630] AND ti:quantum',
    'lastUpdatedDate:[20230101 TO 20230630] AND ti:quantum',
  ],
  ['arxiv', 'au:del_maestro+AND+ti:checkerboard', 'au:del_maestro AND ti:checkerboard'],
  ['arxiv', '  ti:graph   AND   cat:cs.LG ', 'ti:graph AND cat:cs.LG'],
  ['arxiv', 'ti:\u201cneural network\u201d AND cat:cs.NE', 'ti:"neural network" AND cat:cs.NE'],
  ['arxiv', 'au:hinton AND ti:capsule*', 'au:hinton AND ti:capsule*'],
  // Mixed: fielded terms and operators kept as written, free words built where they stand.
  ['mixed', 'diffusion models cat:cs.CV', 'all:diffusion AND all:models AND cat:cs.CV'],
  ['mixed', 'cat:cs.CL hallucination', 'cat:cs.CL AND all:hallucination'],
  ['mixed', 'ti:graph cat:cs.LG', 'ti:graph AND cat:cs.LG'],
  ['mixed', 'ti:graph and cat:cs.LG', 'ti:graph AND cat:cs.LG'],
  ['mixed', 'ti:graph or ti:tree', 'ti:graph OR ti:tree'],
  ['mixed', 'cat:cs.CL not ti:survey', 'cat:cs.CL ANDNOT ti:survey'],
  ['mixed', 'transformers OR attention', 'all:transformers OR all:attention'],
  ['mixed', 'graph neural networks OR ti:gnn', '(all:graph AND all:neural AND all:networks) OR ti:gnn'],
  [
    'mixed',
    'ti:survey ANDNOT graph neural networks',
    'ti:survey ANDNOT (all:graph AND all:neural AND all:networks)',
  ],
  ['mixed', 'papers on cat:cs.CL', 'cat:cs.CL'],
  ['mixed', 'TI:Graph AND Cat:cs.LG', 'ti:Graph AND cat:cs.LG'],
  ['mixed', 'ti: transformer AND cat:cs.CL', 'ti:transformer AND cat:cs.CL'],
  [
    'mixed',
    'au:del_maestro quantum criticality since 2015',
    'au:del_maestro AND all:quantum AND all:criticality AND submittedDate:[201501010000 TO 202611262359]',
  ],
  [
    'mixed',
    'ti:graph OR ti:tree since 2020',
    '(ti:graph OR ti:tree) AND submittedDate:[202001010000 TO 202611262359]',
  ],
  [
    'mixed',
    '"retrieval augmented generation" ANDNOT ti:survey',
    'all:"retrieval augmented generation" ANDNOT ti:survey',
  ],
  ['mixed', 'AND cat:cs.CL OR', 'cat:cs.CL'],
  [
    'mixed',
    'cat:cs.CL submittedDate:[202401010000 TO 202401312359] agents',
    'cat:cs.CL AND submittedDate:[202401010000 TO 202401312359] AND all:agents',
  ],
  // Plain language: built.
  ['plain', 'testing', 'all:testing'],
  ['plain', 'computer vision', 'cat:cs.CV'],
  ['plain', 'papers by Geoffrey Hinton', 'au:Hinton'],
  ['plain', 'quantum criticality by del Maestro', 'au:del_Maestro AND all:quantum AND all:criticality'],
  [
    'plain',
    'graph neural networks for drug discovery since 2022',
    'all:graph AND all:neural AND all:networks AND all:drug AND all:discovery AND submittedDate:[202201010000 TO 202611262359]',
  ],
  [
    'plain',
    'recent papers on "large language models" in 2023',
    'all:"large language models" AND submittedDate:[202301010000 TO 202312312359]',
  ],
  [
    'plain',
    'cs.LG and stat.ML papers on diffusion models',
    'all:diffusion AND all:models AND (cat:cs.LG OR cat:stat.ML)',
  ],
  ['plain', 'what is new in natural language processing', 'cat:cs.CL'],
  ['plain', 'the category of cats and dogs', 'all:category AND all:cats AND all:dogs'],
  ['plain', 'what about (unbalanced: parens and "quotes', 'all:unbalanced AND all:parens AND all:quotes'],
];

const OPERATOR_WORDS = new Set(['and', 'or', 'andnot', 'not']);
const FIELD_WORDS = new Set<string>(QUERY_FIELDS);

function searchWords(node: ArxivQuery): string[] {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return node.field === 'cat' || node.field === 'id' ? [] : node.value.toLowerCase().split(/[\s_]+/);
    case 'range':
      return [];
    case 'and':
    case 'or':
      return node.children.flatMap(searchWords);
    case 'andnot':
      return [...searchWords(node.left), ...searchWords(node.right)];
  }
}

describe(`readQuery: ${TABLE.length} inputs (${(['arxiv', 'mixed', 'plain'] as const).map((k) => `${TABLE.filter((r) => r[0] === k).length} ${k}`).join(', ')})`, () => {
  for (const [kind, typed, expected] of TABLE) {
    it(`${kind}: ${typed}`, () => {
      const r = readQuery(typed, { now: NOW });
      assert.equal(r.searchQuery, expected);
      assert.equal(r.mode, kind);
      const parsed = parseArxivQuery(r.searchQuery, { strict: true });
      assert.ok(parsed.ok, `${r.searchQuery} is valid arXiv syntax`);
      if (!parsed.ok) return;
      for (const w of searchWords(parsed.query)) {
        assert.ok(
          !OPERATOR_WORDS.has(w) && !FIELD_WORDS.has(w),
          `"${w}" (a field name or an operator) became a search word in ${r.searchQuery}`,
        );
      }
      assert.equal(searchWordProblem(r.searchQuery), null);
      if (kind === 'arxiv')
        assert.ok(
          r.parts.every((p) => p.kind === 'kept'),
          'every part of arXiv syntax is kept',
        );
      if (kind === 'plain')
        assert.deepEqual(
          r.parts.map((p) => p.kind),
          ['built'],
        );
      for (const p of r.parts) assert.match(p.why, /\w/);
    });
  }
  it('has at least 40 inputs, of every kind', () => {
    assert.ok(TABLE.length >= 40);
    for (const k of ['arxiv', 'mixed', 'plain']) assert.ok(TABLE.filter((r) => r[0] === k).length >= 8, k);
  });
});

describe('readQuery: what each part became', () => {
  it('says which parts were kept, built or dropped, and why', () => {
    const r = readQuery('papers on diffusion models AND cat:cs.CV OR', { now: NOW });
    assert.equal(r.searchQuery, 'all:diffusion AND all:models AND cat:cs.CV');
    assert.deepEqual(
      r.parts.map((p) => [p.kind, p.text, p.as]),
      [
        ['built', 'papers on diffusion models', 'all:diffusion AND all:models'],
        ['kept', 'AND', 'AND'],
        ['kept', 'cat:cs.CV', 'cat:cs.CV'],
        ['kept', 'OR', 'OR'],
        ['dropped', 'OR', null],
      ],
    );
    assert.match(r.parts[4]!.why, /no term on its right/);
    assert.match(r.parts[2]!.why, /category/);
  });

  it('refuses empty text, text with nothing to search and broken arXiv syntax, naming the problem', () => {
    const refuses = (text: string, why: RegExp) =>
      assert.throws(
        () => readQuery(text, { now: NOW }),
        (e: unknown) => isAppError(e, 'INVALID_INPUT') && why.test(e.message),
        text,
      );
    refuses('   ', /empty/);
    refuses('show me the latest papers', /Nothing to search/);
    refuses('(ti:graph AND cat:cs.LG', /unbalanced parentheses/);
    refuses('submittedDate:[2023 TO 2024] agents', /submittedDate needs a range/);
    refuses('x'.repeat(2001), /more than the 2000/);
  });
});

describe("searchWordProblem: the old builder's misreadings are caught", () => {
  it('names an operator or a field name used as a search word', () => {
    assert.match(searchWordProblem('all:cat AND cat:cs.CL') ?? 'none', /none/, '"cat" is a word too');
    assert.match(
      searchWordProblem('all:"diffusion model" AND all:ti AND all:cat AND cat:cs.CV') ?? '',
      /"ti" in all:ti/,
    );
    assert.match(searchWordProblem('all:au AND all:del AND all:maestro') ?? '', /"au"/);
    assert.match(
      searchWordProblem('abs:"large language model" AND all:andnot AND cat:cs.CL') ?? '',
      /"andnot"/,
    );
  });
});

describe('broaderQuery: one broader query when arXiv found nothing', () => {
  const cases: Array<[string, string | null, RegExp | null]> = [
    [
      'all:mutation AND all:testing AND cat:cs.LG',
      'all:mutation AND cat:cs.LG',
      /dropped all:testing, the least specific word/,
    ],
    ['ti:"diffusion model" AND cat:cs.CV', '(ti:diffusion OR ti:model) AND cat:cs.CV', /any of the words/],
    ['all:graph AND all:transformers', 'all:graph OR all:transformers', /any of the words/],
    ['cat:cs.CL AND submittedDate:[202401010000 TO 202401312359]', 'cat:cs.CL', /without the date range/],
    ['all:testing', null, null],
    ['ti:graph OR ti:tree', null, null],
    ['cat:cs.CL AND cat:cs.LG', null, null],
  ];
  for (const [query, broader, why] of cases) {
    it(`${query} → ${broader ?? 'none'}`, () => {
      const b = broaderQuery(query);
      assert.equal(b?.query ?? null, broader);
      if (why) assert.match(b?.why ?? '', why);
      if (b) assert.ok(parseArxivQuery(b.query, { strict: true }).ok);
    });
  }
});
