import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  clampEmbed,
  DISCORD_LIMITS,
  embedLength,
  splitEmbeds,
  truncate,
  type DiscordEmbed,
} from '../../../domain/discord-limits.ts';
import { papersFromCorpusFeed } from '../../support/memory-radar-service.ts';

const PAPERS = papersFromCorpusFeed('search_testing_start0_max100.xml');
const ABSTRACTS = PAPERS.map((p) => p.abstract).join('\n\n');

describe('truncate', () => {
  it('keeps text that fits and cuts the rest to at most the limit, ending with an ellipsis', () => {
    assert.equal(truncate('short', 5), 'short');
    const cut = truncate(ABSTRACTS, DISCORD_LIMITS.description);
    assert.ok(cut.length <= DISCORD_LIMITS.description && cut.endsWith('…'));
    assert.ok(ABSTRACTS.startsWith(cut.slice(0, -1)));
  });

  it('never splits a surrogate pair and drops the space before the ellipsis', () => {
    assert.equal(
      truncate('ab😀cd', 4),
      'ab…',
      'the emoji is one pair: cutting inside it would leave a lone surrogate',
    );
    assert.equal(truncate('word word', 6), 'word…');
    assert.equal(truncate('anything', 0), '');
  });
});

describe('embedLength and clampEmbed', () => {
  it('counts title, description, footer, author and every field toward the 6000 total', () => {
    const e: DiscordEmbed = {
      title: 'ab',
      description: 'cde',
      footer: { text: 'f' },
      author: { name: 'gh' },
      url: 'https://arxiv.org/abs/1',
      fields: [{ name: 'i', value: 'jk' }],
    };
    assert.equal(embedLength(e), 2 + 3 + 1 + 2 + 1 + 2);
  });

  it('cuts every part of an oversized embed to its own limit and fills empty fields', () => {
    const long = ABSTRACTS;
    const e = clampEmbed({
      title: long,
      description: long,
      footer: { text: long },
      author: { name: long, url: 'https://arxiv.org' },
      fields: Array.from({ length: 30 }, (_, i) => ({
        name: i === 0 ? '' : long,
        value: i === 1 ? '' : long,
        inline: true,
      })),
    });
    assert.equal(e.title?.length, DISCORD_LIMITS.title);
    assert.equal(e.description?.length, DISCORD_LIMITS.description);
    assert.equal(e.footer?.text.length, DISCORD_LIMITS.footerText);
    assert.equal(e.author?.name.length, DISCORD_LIMITS.authorName);
    assert.equal(e.author?.url, 'https://arxiv.org');
    assert.equal(e.fields?.length, DISCORD_LIMITS.fields);
    assert.equal(e.fields?.[0]?.name, '\u200b', 'Discord rejects empty field names');
    assert.equal(e.fields?.[1]?.value, '\u200b', 'Discord rejects empty field values');
    assert.ok(
      e.fields?.every(
        (f) =>
          f.name.length <= DISCORD_LIMITS.fieldName &&
          f.value.length <= DISCORD_LIMITS.fieldValue &&
          f.inline,
      ),
    );
  });
});

describe('splitEmbeds', () => {
  it('packs embeds greedily under 10 per message and 6000 characters minus the reserve', () => {
    const small: DiscordEmbed[] = Array.from({ length: 12 }, (_, i) => ({
      title: `t${i}`,
      description: 'x'.repeat(100),
    }));
    assert.deepEqual(
      splitEmbeds(small).map((g) => g.length),
      [10, 2],
    );
    const big: DiscordEmbed[] = Array.from({ length: 5 }, () => ({ description: 'y'.repeat(2500) }));
    assert.deepEqual(
      splitEmbeds(big, { reservePerGroup: 100 }).map((g) => g.length),
      [2, 2, 1],
    );
    assert.throws(
      () => splitEmbeds([{ description: 'z'.repeat(5950) }], { reservePerGroup: 100 }),
      RangeError,
    );
  });

  it('keeps real paper embeds in order, every group within the limits', () => {
    const embeds = PAPERS.map((p) =>
      clampEmbed({
        title: p.title,
        description: p.abstract,
        fields: [{ name: 'Authors', value: p.authors.map((a) => a.name).join(', ') }],
      }),
    );
    const groups = splitEmbeds(embeds);
    assert.deepEqual(groups.flat(), embeds);
    for (const g of groups) {
      assert.ok(g.length <= DISCORD_LIMITS.embedsPerMessage);
      assert.ok(g.reduce((n, e) => n + embedLength(e), 0) <= DISCORD_LIMITS.embedsTotal);
    }
  });
});
