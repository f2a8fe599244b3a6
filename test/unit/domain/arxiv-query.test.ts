/**
 * The one arXiv query grammar: every construct arXiv's API accepts, parsed, rendered and parsed
 * again; the rejections with their reasons; evaluation against real papers, where arXiv's own
 * recorded answers are the oracle; and the digest's filter on real announce feeds.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseAtomFeed } from '../../../adapters/arxiv/atom.ts';
import { parseAnnounceFeed } from '../../../adapters/arxiv/rss.ts';
import {
  compileQueryFilter,
  matchesPaper,
  MAX_QUERY_LENGTH,
  normaliseRawQuery,
  parseArxivQuery,
  QUERY_FIELDS,
  renderArxivQuery,
  validateSearchQuery,
  type ArxivQuery,
} from '../../../domain/arxiv-query.ts';
import { isAppError } from '../../../domain/errors.ts';
import type { Paper } from '../../../domain/paper.ts';
import { corpus } from '../../support/corpus.ts';

function parsed(q: string, strict = false): ArxivQuery {
  const r = parseArxivQuery(q, { strict });
  if (!r.ok) assert.fail(`${q}: ${r.reason}`);
  return r.query;
}

describe('arXiv query: accepted constructs round-trip through parse and render', () => {
  // [query, canonical rendering, valid in the strict dialect]
  const cases: Array<[string, string, boolean]> = [
    // every field prefix
    ['ti:transformer', 'ti:transformer', true],
    ['au:del_maestro', 'au:del_maestro', true],
    ['abs:diffusion', 'abs:diffusion', true],
    ['co:"10 pages"', 'co:"10 pages"', true],
    ['jr:"Phys. Rev. B"', 'jr:"Phys. Rev. B"', true],
    ['cat:astro-ph.CO', 'cat:astro-ph.CO', true],
    ['cat:cs.*', 'cat:cs.*', true],
    ['rn:CERN-TH-2024-001', 'rn:CERN-TH-2024-001', true],
    ['id:2104.12255', 'id:2104.12255', true],
    ['id:hep-th/9901001', 'id:hep-th/9901001', true],
    ['all:testing', 'all:testing', true],
    // operators, left to right, same-operator chains flattened
    ['au:del_maestro AND ti:checkerboard', 'au:del_maestro AND ti:checkerboard', true],
    ['au:del_maestro OR au:hinton', 'au:del_maestro OR au:hinton', true],
    ['au:del_maestro ANDNOT ti:checkerboard', 'au:del_maestro ANDNOT ti:checkerboard', true],
    ['ti:a AND ti:b AND ti:c', 'ti:a AND ti:b AND ti:c', true],
    ['ti:a OR ti:b AND ti:c', '(ti:a OR ti:b) AND ti:c', true],
    ['ti:a ANDNOT ti:b ANDNOT ti:c', '(ti:a ANDNOT ti:b) ANDNOT ti:c', true],
    // parentheses
    [
      'au:del_maestro ANDNOT (ti:checkerboard OR ti:Pyrochlore)',
      'au:del_maestro ANDNOT (ti:checkerboard OR ti:Pyrochlore)',
      true,
    ],
    ['((ti:a OR ti:b) AND (au:x ANDNOT au:y))', '(ti:a OR ti:b) AND (au:x ANDNOT au:y)', true],
    ['ti:a AND (ti:b AND ti:c)', 'ti:a AND ti:b AND ti:c', true],
    [
      '(abs:"large language model" OR abs:LLM) AND cat:cs.CL',
      '(abs:"large language model" OR abs:LLM) AND cat:cs.CL',
      true,
    ],
    // quoted phrases
    ['au:del_maestro AND ti:"quantum criticality"', 'au:del_maestro AND ti:"quantum criticality"', true],
    ['ti:"  quantum   criticality "', 'ti:"quantum criticality"', true],
    // date ranges, GMT, to the minute or the day; `+` around TO as copied from a URL
    [
      'cat:astro-ph.CO AND submittedDate:[202401010000 TO 202412312359]',
      'cat:astro-ph.CO AND submittedDate:[202401010000 TO 202412312359]',
      true,
    ],
    ['lastUpdatedDate:[20240101 TO 20240131]', 'lastUpdatedDate:[20240101 TO 20240131]', true],
    ['submittedDate:[202401010000+TO+202412312359]', 'submittedDate:[202401010000 TO 202412312359]', true],
    // the relaxed dialect: bare words and phrases, operands side by side
    ['testing', 'testing', false],
    ['quantum computing', 'quantum AND computing', false],
    [
      '"graph neural networks" AND (cat:cs.LG OR cat:stat.ML)',
      '"graph neural networks" AND (cat:cs.LG OR cat:stat.ML)',
      false,
    ],
    ['ti:quantum and au:smith', 'ti:quantum AND and AND au:smith', false],
  ];

  it('covers every field prefix', () => {
    for (const field of QUERY_FIELDS)
      assert.ok(
        cases.some(([q]) => q.startsWith(`${field}:`)),
        field,
      );
  });

  for (const [query, canonical, strict] of cases) {
    it(query, () => {
      const ast = parsed(query);
      assert.equal(renderArxivQuery(ast), canonical);
      assert.deepEqual(parsed(canonical), ast);
      assert.equal(validateSearchQuery(query).ok, strict);
      assert.equal(validateSearchQuery(canonical).ok, strict);
    });
  }

  it('groups left to right and keeps phrases, ranges and bare words apart in the tree', () => {
    assert.deepEqual(parsed('ti:a OR ti:b AND ti:c'), {
      kind: 'and',
      children: [
        {
          kind: 'or',
          children: [
            { kind: 'term', field: 'ti', value: 'a' },
            { kind: 'term', field: 'ti', value: 'b' },
          ],
        },
        { kind: 'term', field: 'ti', value: 'c' },
      ],
    });
    assert.deepEqual(parsed('"graph neural" ANDNOT submittedDate:[20240101 TO 20240131]'), {
      kind: 'andnot',
      left: { kind: 'phrase', field: null, value: 'graph neural' },
      right: { kind: 'range', field: 'submittedDate', from: '20240101', to: '20240131' },
    });
  });
});

describe('arXiv query: rejected with a reason that names the problem', () => {
  // [query, reason, rejected by the relaxed dialect too]
  const cases: Array<[string, RegExp, boolean]> = [
    ['', /empty/, true],
    ['   ', /empty/, true],
    [`all:${'x'.repeat(MAX_QUERY_LENGTH)}`, /more than the 2000 allowed: shorten it/, true],
    ['(ti:quantum AND au:smith', /unbalanced parentheses: "\(" without "\)"/, true],
    ['ti:quantum) AND au:smith', /unbalanced parentheses: "\)" without "\("/, true],
    ['((ti:a)', /"\(" without "\)"/, true],
    ['()', /empty parentheses/, true],
    ['ti:"quantum criticality AND au:smith', /unbalanced double quotes/, true],
    ['ti:"a"b', /badly quoted phrase/, true],
    ['ti:a]b', /unexpected \] in ti:a\]b/, true],
    ['foo:bar', /unknown field prefix "foo:" \(use one of ti, au, abs, co, jr, cat, rn, id, all/, true],
    ['TI:quantum', /unknown field prefix "TI:"/, true],
    ['AND ti:quantum', /operator AND has nothing on its left/, true],
    ['ti:quantum AND', /ends with operator AND/, true],
    ['ti:quantum AND OR au:smith', /operators AND OR in a row/, true],
    ['(ti:a OR) AND au:b', /operator OR before "\)"/, true],
    ['ti:', /ti: has no value/, true],
    ['ti:""', /ti: has no value/, true],
    ['submittedDate:[2024 TO now]', /needs a range like \[202401010000 TO 202412312359\]/, true],
    ['submittedDate:202401010000', /needs a range/, true],
    ['submittedDate:[202401010000 TO', /unclosed "\[" in a date range/, true],
    ['submittedDate:[202413010000 TO 202412312359]', /202413010000 is not a date and time/, true],
    ['submittedDate:[202412310000 TO 202401010000]', /starts after it ends/, true],
    // strict only: what generated queries must not do
    ['quantum computing', /"quantum" has no field prefix/, false],
    ['ti:quantum and au:smith', /operator "and" must be written in capitals/, false],
    ['ti:quantum au:smith', /missing operator \(AND, OR, ANDNOT\) before au:smith/, false],
    ['ti:quantum (au:smith)', /missing operator .* before "\("/, false],
    ['ti:a NOT ti:b', /"NOT" is not an arXiv operator: use ANDNOT/, false],
  ];
  for (const [query, reason, relaxedToo] of cases) {
    it(query.length > 60 ? `${query.slice(0, 60)}…` : query || '(empty)', () => {
      const strict = validateSearchQuery(query);
      assert.equal(strict.ok, false);
      if (!strict.ok) assert.match(strict.reason, reason);
      assert.equal(parseArxivQuery(query).ok, !relaxedToo);
    });
  }
});

describe('normaliseRawQuery (the CLI search argument)', () => {
  it('reads + as a space, as in a query copied from an arXiv URL', () => {
    assert.equal(
      normaliseRawQuery(' au:del_maestro+AND+ti:checkerboard '),
      'au:del_maestro AND ti:checkerboard',
    );
  });
  it('sends the query as typed, not as rendered', () => {
    assert.equal(normaliseRawQuery('quantum   computing'), 'quantum computing');
  });
  it('stops a broken query before it costs an arXiv request', () => {
    assert.throws(
      () => normaliseRawQuery('  '),
      (e: unknown) => isAppError(e, 'INVALID_INPUT') && /Empty search query/.test(e.message),
    );
    assert.throws(
      () => normaliseRawQuery('(ti:a'),
      (e: unknown) =>
        isAppError(e, 'INVALID_INPUT') &&
        e.message === 'Invalid arXiv query "(ti:a": unbalanced parentheses: "(" without ")".',
    );
  });
});

/** Papers from arXiv's recorded answers to search queries; the answers themselves are the oracle. */
function recordedSearch(file: string): { total: number; papers: Paper[] } {
  const feed = parseAtomFeed(readFileSync(corpus('atom', file), 'utf8'));
  return { total: feed.totalResults, papers: feed.papers };
}
const ids = (papers: Paper[]) => papers.map((p) => p.id).sort();
const matching = (q: string, papers: Paper[]) => ids(papers.filter((p) => matchesPaper(parsed(q), p)));

describe('arXiv query: evaluated against real papers as arXiv answered', () => {
  // Every del Maestro paper the recordings hold (12 of the 31 arXiv counts).
  const pool = [
    ...new Map(
      [
        'search_au-del_maestro.xml',
        'search_au-del_maestro_ANDNOT_ti-checkerboard_OR_ti-Pyrochlore.xml',
        'search_au-del_maestro_AND_ti-checkerboard.xml',
        'search_au-del_maestro_AND_ti-quantum_criticality.xml',
      ]
        .flatMap((f) => recordedSearch(f).papers)
        .map((p) => [p.id, p]),
    ).values(),
  ];

  it('matches every paper arXiv returned for the query', () => {
    const answers: Array<[string, string]> = [
      ['au:del_maestro', 'search_au-del_maestro.xml'],
      [
        'au:del_maestro ANDNOT (ti:checkerboard OR ti:Pyrochlore)',
        'search_au-del_maestro_ANDNOT_ti-checkerboard_OR_ti-Pyrochlore.xml',
      ],
      ['all:testing', 'search_testing_start0_max100.xml'],
    ];
    for (const [q, file] of answers) {
      const { papers } = recordedSearch(file);
      assert.ok(papers.length >= 10, file);
      assert.deepEqual(matching(q, papers), ids(papers), q);
    }
  });

  it('selects from the pool exactly what arXiv selected when its answer is complete', () => {
    for (const [q, file] of [
      ['au:del_maestro AND ti:checkerboard', 'search_au-del_maestro_AND_ti-checkerboard.xml'],
      ['au:del_maestro AND ti:"quantum criticality"', 'search_au-del_maestro_AND_ti-quantum_criticality.xml'],
    ] as const) {
      const answer = recordedSearch(file);
      assert.equal(answer.total, answer.papers.length, `${file} holds every result`);
      assert.deepEqual(matching(q, pool), ids(answer.papers), q);
    }
  });

  it('excludes with ANDNOT what arXiv excluded: the first ten results, less the two it dropped', () => {
    // arXiv ranks both answers alike; of au:del_maestro's first ten, the ANDNOT answer leaves out
    // exactly the checkerboard and the pyrochlore papers.
    const first = recordedSearch('search_au-del_maestro.xml').papers;
    assert.deepEqual(
      matching('au:del_maestro ANDNOT (ti:checkerboard OR ti:Pyrochlore)', first),
      ids(first).filter((id) => id !== 'cond-mat/0603029' && id !== 'cond-mat/0702661'),
    );
  });

  it('reads date ranges on the v1 date (submittedDate) or the version date (lastUpdatedDate), inclusive to the minute', () => {
    assert.deepEqual(matching('submittedDate:[20110101 TO 20121231]', pool), [
      '1101.2206',
      '1111.2011',
      '1201.4869',
    ]);
    assert.deepEqual(matching('lastUpdatedDate:[20120101 TO 20121231]', pool), ['1111.2011', '1201.4869']);
    // 1201.4869v1 was submitted at 2012-01-23T21:15:02Z.
    assert.deepEqual(matching('submittedDate:[201201232115 TO 201201232115]', pool), ['1201.4869']);
    assert.deepEqual(
      matching('submittedDate:[20120123 TO 20120123]', pool),
      ['1201.4869'],
      'a day as the end means the whole day',
    );
    assert.deepEqual(matching('submittedDate:[201201232116 TO 201201240000]', pool), []);
    assert.deepEqual(matching('au:del_maestro ANDNOT submittedDate:[19910101 TO 20091231]', pool), [
      '1005.5383',
      '1101.2206',
      '1111.2011',
      '1201.4869',
      '1303.6954',
      '1312.6177',
      '1412.6529',
    ]);
  });

  it('reads comments, journal references, ids and categories', () => {
    assert.deepEqual(matching('co:"11 figures"', pool), ['cond-mat/0603029', 'cond-mat/0607501']);
    assert.deepEqual(matching('jr:"Annals of Physics"', pool), ['0807.2873']);
    assert.deepEqual(matching('id:1111.2011 OR id:cond-mat/0412498', pool), [
      '1111.2011',
      'cond-mat/0412498',
    ]);
    assert.deepEqual(matching('cat:quant-ph', pool), ['1412.6529']);
    assert.deepEqual(matching('cat:cond-mat.supr-con', pool), ['0807.2873', 'cond-mat/0603029']);
    assert.equal(matching('cat:cond-mat', pool).length, pool.length);
  });

  it('folds case and accents, joins name parts with _, and expands a trailing *', () => {
    const p = pool.find((x) => x.id === '1201.4869')!;
    const accented: Paper = {
      ...p,
      authors: p.authors.map((a) => (/Maestro/.test(a.name) ? { ...a, name: 'Adrián Del Maestro' } : a)),
    };
    // assert.equal, not assert.ok: a failing assert.ok without a message can hang under tsx.
    assert.equal(matchesPaper(parsed('au:adrian AND au:DEL_MAESTRO'), accented), true);
    assert.equal(matchesPaper(parsed('ti:nanopore*'), p), true);
    assert.equal(matchesPaper(parsed('ti:nanopore'), p), false);
    assert.equal(matchesPaper(parsed('au:maestro_del'), p), false, 'an author name is consecutive words');
  });
});

describe('the digest query filter on real announce feeds', () => {
  const feed = (file: string) =>
    parseAnnounceFeed(readFileSync(corpus('rss', file), 'utf8')).items.map((i) => i.paper);
  const excerpts = [
    ...feed('rss_cs.LG_2026-04-27_excerpt.xml'),
    ...feed('rss_cs.AI_2026-04-27_excerpt.xml'),
    ...feed('atom_cs.LG_2026-09-25_excerpt.xml'),
  ];
  const kept = (q: string, papers = excerpts) => ids(papers.filter(compileQueryFilter(q)));

  it('keeps what the subscription query matches', () => {
    const cases: Array<[string, string[]]> = [
      ['cat:stat.ME', ['2401.08875']],
      ['cat:hep-ph OR cat:stat.ME', ['2401.08875', '2402.10149']],
      ['cat:cs.MA ANDNOT cat:cs.CV', ['2604.21937']],
      ['ti:"anomaly detection"', ['2604.21953', '2604.21956']],
      ['ti:anomal* ANDNOT ti:clinical', ['2604.21953']],
      ['au:cooper', ['2604.21935', '2604.21956']],
      ['au:valko AND cat:cs.LG', ['2604.21956']],
      ['jr:MAPR', ['2609.28553']],
      ['cat:cs.AI AND (ti:agent OR abs:molecule*)', ['2604.21936', '2604.21937']],
    ];
    for (const [q, want] of cases) assert.deepEqual(kept(q), want, q);
  });

  it('keeps everything for a blank query and stops on a broken one', () => {
    assert.equal(kept('  ').length, excerpts.length);
    assert.throws(
      () => compileQueryFilter('(cat:cs.LG'),
      (e: unknown) => isAppError(e, 'INVALID_INPUT') && /"\(" without "\)"/.test(e.message),
    );
  });

  it('combines operands as set operations over a whole day of announcements', () => {
    const day = feed('rss_all-20-archives_2024-11-28.xml');
    assert.ok(day.length > 1000, 'a whole day of announcements');
    const set = (q: string) => new Set(kept(q, day));
    for (const [a, b] of [
      ['cat:hep-th', 'cat:gr-qc'],
      ['cat:cs.LG', 'abs:"large language model"'],
      ['cat:cs.*', 'all:quantum'],
    ] as const) {
      const [A, B] = [set(a), set(b)];
      assert.ok(A.size > 0 && B.size > 0 && A.size < day.length, `${a}, ${b} each keep some`);
      assert.deepEqual(set(`${a} AND ${b}`), new Set([...A].filter((id) => B.has(id))));
      assert.deepEqual(set(`${a} OR ${b}`), new Set([...A, ...B]));
      assert.deepEqual(set(`${a} ANDNOT ${b}`), new Set([...A].filter((id) => !B.has(id))));
      assert.deepEqual(set(`(${a}) ${b}`), set(`${a} AND ${b}`));
    }
    // `cat:cs` is the archive: every cs.* category.
    assert.deepEqual(set('cat:cs'), set('cat:cs.*'));
  });
});
