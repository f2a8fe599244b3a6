/**
 * The research agent's pure rules (domain/agent.ts): which arXiv ids a text cites, the citation
 * check, repairing broken tool arguments, cutting tool output, the subscribe_topic confirmation
 * rule, budget notes and progress labels.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  agentSystemPrompt,
  arxivIdsIn,
  baseArxivId,
  budgetNote,
  budgetSentence,
  canonicalSubscription,
  checkCitations,
  cutToolOutput,
  DEFAULT_AGENT_LIMITS,
  describeToolCall,
  formatSearchResult,
  idsFromTools,
  parseToolArguments,
  REMOVED_CITATION,
  repairJson,
  subscriptionConfirmed,
  type AgentMessage,
} from '../../../domain/agent.ts';

describe('arXiv ids in text', () => {
  it('finds new- and old-style ids, with or without the arXiv: prefix and versions, once each, in order', () => {
    const text =
      'See arXiv:2401.12345v2, 2401.12345 again, hep-th/9901001v1, math.GT/0309136 and arXiv: 0704.0001.';
    assert.deepEqual(arxivIdsIn(text), ['2401.12345', 'hep-th/9901001', 'math.GT/0309136', '0704.0001']);
  });

  it('ignores numbers that only look like ids inside other tokens (versions, decimals, paths of other sites)', () => {
    assert.deepEqual(
      arxivIdsIn(
        'version 12.3456.7, price 1234.56, file v2401.12345, x2401.12345, https://example.com/2401.12345',
      ),
      [],
    );
  });

  it('finds ids cited as arxiv.org links (abs, pdf, html)', () => {
    assert.deepEqual(
      arxivIdsIn(
        '[A](https://arxiv.org/abs/2401.12345v3), https://arxiv.org/pdf/2402.00001.pdf, http://arxiv.org/html/2403.00002v1, https://arxiv.org/abs/hep-th/9901001',
      ),
      ['2401.12345', '2402.00001', '2403.00002', 'hep-th/9901001'],
    );
  });

  it('strips versions', () => {
    assert.equal(baseArxivId('2401.12345v12'), '2401.12345');
    assert.equal(baseArxivId('astro-ph/0601001v1'), 'astro-ph/0601001');
    assert.equal(baseArxivId('2401.12345'), '2401.12345');
  });

  it('collects the ids of tool results only (not of the user or the model)', () => {
    const messages: AgentMessage[] = [
      { role: 'user', content: 'Is 1111.1111 good?' },
      {
        role: 'assistant',
        content: 'Maybe 2222.2222',
        tool_calls: [
          {
            id: 'a',
            type: 'function',
            function: { name: 'search_arxiv', arguments: '{"topic":"x 3333.3333"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'a', content: '1. arXiv:4444.44444v1 — A paper' },
    ];
    assert.deepEqual([...idsFromTools(messages)], ['4444.44444']);
  });

  it('does not count the ids of failed tool calls (an error names the id nothing found)', () => {
    const messages: AgentMessage[] = [
      { role: 'tool', tool_call_id: 'a', content: 'Error: get_paper failed: arXiv has no paper 2401.99999' },
      { role: 'tool', tool_call_id: 'b', content: 'arXiv:2401.00001 — found' },
    ];
    assert.deepEqual([...idsFromTools(messages)], ['2401.00001']);
  });
});

describe('checkCitations', () => {
  it('keeps ids a tool returned and replaces the others by a visible marker, listing both', () => {
    const r = checkCitations(
      'Read arXiv:2401.00001v2 and arXiv:2401.99999, then 2401.99999 again and 2401.00001.',
      new Set(['2401.00001']),
    );
    assert.deepEqual(r.cited, ['2401.00001']);
    assert.deepEqual(r.removed, ['2401.99999']);
    assert.equal(
      r.answer,
      `Read arXiv:2401.00001v2 and ${REMOVED_CITATION}, then ${REMOVED_CITATION} again and 2401.00001.`,
    );
  });

  it('drops the link of a removed citation so no broken arxiv.org link remains', () => {
    const r = checkCitations(
      '[A paper](https://arxiv.org/abs/2401.99999) and [B](https://arxiv.org/pdf/2401.99998.pdf); see https://arxiv.org/abs/2401.99997.',
      new Set(),
    );
    assert.equal(r.answer, `[A paper] and [B]; see ${REMOVED_CITATION}.`);
    assert.deepEqual(r.removed, ['2401.99999', '2401.99998', '2401.99997']);
    const kept = checkCitations('[A](https://arxiv.org/abs/2401.00001v2)', new Set(['2401.00001']));
    assert.deepEqual(kept, {
      answer: '[A](https://arxiv.org/abs/2401.00001v2)',
      cited: ['2401.00001'],
      removed: [],
    });
  });

  it('leaves an answer without ids alone', () => {
    assert.deepEqual(checkCitations('No papers found.', new Set(['1.1'])), {
      answer: 'No papers found.',
      cited: [],
      removed: [],
    });
  });
});

describe('parseToolArguments and repairJson', () => {
  it('takes valid JSON objects as they are, and an empty string as no arguments', () => {
    assert.deepEqual(parseToolArguments('{"topic":"graphs","max_results":3}'), {
      ok: true,
      value: { topic: 'graphs', max_results: 3 },
      repaired: false,
    });
    assert.deepEqual(parseToolArguments('  '), { ok: true, value: {}, repaired: false });
  });

  const repairs: Array<[string, string, Record<string, unknown>]> = [
    [
      'single quotes, bare keys, trailing comma',
      "{topic: 'testing', limit: 2,}",
      { topic: 'testing', limit: 2 },
    ],
    ['a code fence', '```json\n{"topic": "x"}\n```', { topic: 'x' }],
    ['prose before the object', 'Sure! Here are the arguments: {"topic": "x"}', { topic: 'x' }],
    [
      'Python literals',
      "{'confirmed': True, 'query': None, 'flag': False}",
      { confirmed: true, query: null, flag: false },
    ],
    ['missing closing brackets', '{"categories": ["cs.LG", "cs.CL"', { categories: ['cs.LG', 'cs.CL'] }],
    ['a double quote inside single quotes', `{'q': 'say "hi"'}`, { q: 'say "hi"' }],
    ['dashes in a bare key', '{max-results: 3}', { 'max-results': 3 }],
  ];
  for (const [what, input, expected] of repairs) {
    it(`repairs ${what}`, () => {
      const r = parseToolArguments(input);
      assert.equal(r.ok, true, JSON.stringify(r));
      if (r.ok) {
        assert.deepEqual(r.value, expected);
        assert.equal(r.repaired, true);
      }
    });
  }

  it('gives a clear error for what cannot be repaired, quoting the input and the parser', () => {
    const r = parseToolArguments('{"a": [1, 2}');
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(r.error, /^arguments are not valid JSON \(.+\): \{"a": \[1, 2\}$/);
    const arr = parseToolArguments('[1, 2]');
    assert.equal(arr.ok, false, 'an array is not an arguments object');
    if (!arr.ok) assert.match(arr.error, /not a JSON object/);
  });

  it('repairJson keeps escaped quotes inside strings', () => {
    assert.deepEqual(JSON.parse(repairJson(String.raw`{"q": "a \"quoted\" word",}`)), {
      q: 'a "quoted" word',
    });
  });
});

describe('cutToolOutput', () => {
  it('returns short output unchanged and cuts long output to exactly the budget, saying so', () => {
    assert.equal(cutToolOutput('short', 100), 'short');
    const long = 'x'.repeat(5000);
    const cut = cutToolOutput(long, 1000);
    assert.equal(cut.length, 1000);
    assert.match(cut, /…\[cut: \d+ more characters not shown; ask for a section or fewer results\]$/);
  });

  it('cuts without a note when the budget is too small for one', () => {
    assert.equal(cutToolOutput('abcdefghij', 4), 'abcd');
    assert.equal(cutToolOutput('abc', 0), '');
  });
});

describe('subscribe_topic confirmation', () => {
  const proposal = { name: 'gnn', interest: 'graph networks', categories: ['cs.LG'] };
  const call = (id: string, args: Record<string, unknown>): AgentMessage => ({
    role: 'assistant',
    content: null,
    tool_calls: [
      { id, type: 'function', function: { name: 'subscribe_topic', arguments: JSON.stringify(args) } },
    ],
  });
  const proposed: AgentMessage[] = [
    { role: 'user', content: 'subscribe me to GNNs' },
    call('p', proposal),
    { role: 'tool', tool_call_id: 'p', content: 'Not subscribed yet…' },
    { role: 'assistant', content: 'Shall I?' },
  ];

  it('needs confirmed:true, an earlier proposal of the same subscription, and a user message after it', () => {
    assert.equal(subscriptionConfirmed(proposed, { ...proposal }), false, 'no confirmed flag');
    assert.equal(
      subscriptionConfirmed(proposed, { ...proposal, confirmed: true }),
      false,
      'the user has not answered yet',
    );
    const answered: AgentMessage[] = [...proposed, { role: 'user', content: 'yes' }];
    assert.equal(subscriptionConfirmed(answered, { ...proposal, confirmed: true }), true);
    assert.equal(
      subscriptionConfirmed(answered, {
        categories: ['cs.LG'],
        confirmed: true,
        interest: 'graph networks',
        name: 'gnn',
      }),
      true,
      'key order does not matter',
    );
    assert.equal(
      subscriptionConfirmed(answered, { ...proposal, name: 'other', confirmed: true }),
      false,
      'a different subscription',
    );
    assert.equal(
      subscriptionConfirmed([{ role: 'user', content: 'yes' }], { ...proposal, confirmed: true }),
      false,
      'never proposed',
    );
  });

  it('a confirmed:true call is not a proposal', () => {
    const onlyConfirmed: AgentMessage[] = [
      call('c', { ...proposal, confirmed: true }),
      { role: 'user', content: 'yes' },
    ];
    assert.equal(subscriptionConfirmed(onlyConfirmed, { ...proposal, confirmed: true }), false);
  });

  it('canonicalSubscription ignores confirmed, undefined values and key order', () => {
    assert.equal(canonicalSubscription({ b: 1, a: 2, confirmed: true, c: undefined }), '{"a":2,"b":1}');
  });
});

describe('prompts, budget notes and labels', () => {
  it('the system prompt names the date, the step budget and the citation rule', () => {
    const p = agentSystemPrompt('2026-01-02', { ...DEFAULT_AGENT_LIMITS, maxSteps: 5 });
    assert.match(p, /Today is 2026-01-02/);
    assert.match(p, /at most 5 model calls/);
    assert.match(p, /Cite papers as arXiv:<id>/);
  });

  it('each budget has its note to the model and its sentence for the user', () => {
    assert.match(budgetNote('steps'), /used the step budget.*no more tool calls/);
    assert.match(budgetNote('time'), /the time budget/);
    assert.match(budgetNote('tool-output'), /the tool-output budget/);
    assert.match(budgetSentence('steps'), /AGENT_MAX_STEPS/);
    assert.match(budgetSentence('time'), /AGENT_MAX_SECONDS/);
    assert.match(budgetSentence('tool-output'), /AGENT_MAX_TOOL_CHARS/);
  });

  it('labels each tool call the way the user sees progress', () => {
    assert.equal(
      describeToolCall('search_arxiv', { topic: 'graph transformers' }),
      'searching arXiv: graph transformers',
    );
    assert.equal(
      describeToolCall('get_paper', { url_or_id: '2401.12345', section: '3' }),
      'reading 2401.12345 §3',
    );
    assert.equal(describeToolCall('get_paper', { ref: '2401.12345' }), 'reading 2401.12345');
    assert.equal(describeToolCall('get_paper', { ref: '2401.12345', section: '2' }), 'reading 2401.12345 §2');
    assert.equal(describeToolCall('list_papers', { query: 'gnn' }), 'listing library papers: gnn');
    assert.equal(describeToolCall('list_papers', { topic: 'gnn' }), 'listing library papers in gnn');
    assert.equal(describeToolCall('ask_papers', { question: 'why?' }), 'asking the library: why?');
    assert.equal(describeToolCall('ask_library', { question: 'why?' }), 'asking the library: why?');
    assert.equal(describeToolCall('list_topics', undefined), 'listing topics');
    assert.equal(describeToolCall('subscribe_topic', { name: 'gnn' }), 'proposing subscription gnn');
    assert.equal(
      describeToolCall('subscribe_topic', { name: 'gnn', confirmed: true }),
      'proposing subscription gnn',
      'a model’s confirmed flag changes nothing',
    );
    assert.equal(describeToolCall('files__read', {}), 'calling files__read');
  });

  it('formats search results with ids, authors, dates, scores and a TL;DR or a cut abstract', () => {
    const paper = (id: string, authors: number, abstract = 'An abstract.') => ({
      id,
      title: 'A  title\n with  spaces',
      abstract,
      published: '2024-01-02T00:00:00Z',
      authors: Array.from({ length: authors }, (_, i) => ({ name: `Author ${i + 1}` })),
    });
    const text = formatSearchResult('graphs', {
      query: 'all:graphs',
      ranker: 'bm25',
      results: [
        { paper: paper('2401.00001', 4), score: 0.912, summary: { tldr: 'Short.' } },
        { paper: paper('2401.00002', 1, 'y'.repeat(400)), score: 0.5, summary: null },
      ],
    });
    const lines = text.split('\n');
    assert.equal(
      lines[0],
      'arXiv search "graphs" (query: all:graphs; ranked by bm25; stored under topic "graphs"):',
    );
    assert.equal(
      lines[1],
      '1. arXiv:2401.00001 — A title with spaces (Author 1, Author 2, Author 3 et al.; 2024-01-02; score 0.91)',
    );
    assert.equal(lines[2], '   TL;DR: Short.');
    assert.match(lines[4] ?? '', /^ {3}Abstract: y{300}…$/);
    assert.deepEqual(arxivIdsIn(text), ['2401.00001', '2401.00002']);
    assert.match(
      formatSearchResult('nothing', { query: 'all:nothing', ranker: 'bm25', results: [] }),
      /^No arXiv papers found for "nothing"/,
    );
  });
});
