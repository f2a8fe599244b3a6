/**
 * The service's library: listing, topics, library Q&A, filing and removing papers, saved feeds,
 * summaries, and sending one paper to Notion. Each capability is the app/capabilities/ one.
 */
import { AppError, errorMessage, isAppError } from '../../domain/errors.ts';
import type { Paper } from '../../domain/paper.ts';
import { formatTopicMarkdown } from '../../domain/topic-markdown.ts';
import { askLibrary } from '../capabilities/ask-library.ts';
import { listPapers, listTopics } from '../capabilities/library.ts';
import { summarise } from '../capabilities/summarise.ts';
import type { NamedText, RadarService } from '../radar-service.ts';
import { notStored, type ServiceContext } from './context.ts';

type LibraryMethods = Pick<
  RadarService,
  | 'extractInfo'
  | 'listPapers'
  | 'askPapers'
  | 'topics'
  | 'topicMarkdown'
  | 'savePaper'
  | 'removePaper'
  | 'importFeeds'
  | 'rankFeeds'
  | 'summarize'
>;

/** Every feed parsed before anything is stored; a bad one fails the whole call, naming it. */
async function parseFeeds({ ports }: ServiceContext, feeds: NamedText[]): Promise<Paper[]> {
  const parser = await ports.feeds();
  return feeds.flatMap((f) => {
    try {
      return parser.parse(f.text).papers;
    } catch (e) {
      const code = isAppError(e) ? e.code : 'ARXIV_MALFORMED';
      throw new AppError(
        code === 'ARXIV_API_ERROR' || code === 'ARXIV_MALFORMED' ? 'INVALID_INPUT' : code,
        `${f.name}: ${errorMessage(e)}; nothing was imported`,
        { cause: e },
      );
    }
  });
}

export function libraryMethods(ctx: ServiceContext): LibraryMethods {
  const { ports, logger } = ctx;
  const { store } = ports;
  return {
    extractInfo: (paperId) => store.getPaper(paperId),
    listPapers: (filters) => listPapers(store, filters),

    async askPapers(question, progress, options = {}) {
      progress?.('searching the library…');
      return askLibrary({ store, reranker: ports.reranker, llm: await ports.llm(), logger }, question, {
        limit: options.limit,
      });
    },

    topics: () => listTopics(store),
    async topicMarkdown(topic) {
      const t = await store.topicPapers(topic);
      return formatTopicMarkdown(t.name, t.papers);
    },

    async removePaper(id) {
      const paper = await store.getPaper(id);
      if (!paper || !(await store.removePaper(paper.id))) throw notStored(id);
      return { id: paper.id, title: paper.title };
    },

    async savePaper({ id, topic }) {
      const paper = await store.getPaper(id);
      if (!paper) throw notStored(id);
      await store.upsertPapers([paper], { topic });
      return { id: paper.id, title: paper.title, topic };
    },

    async importFeeds(feeds, options = {}) {
      const papers = await parseFeeds(ctx, feeds);
      const r = await store.upsertPapers(
        papers,
        options.topic === undefined ? undefined : { topic: options.topic },
      );
      return { papers: papers.length, ...r };
    },

    async rankFeeds(interest, feeds) {
      if (!interest.trim())
        throw new AppError('INVALID_INPUT', 'The interest is empty: say what papers you care about.');
      const papers = new Map<string, Paper>();
      for (const p of await parseFeeds(ctx, feeds)) if (!papers.has(p.id)) papers.set(p.id, p);
      const reranker = await ports.reranker();
      const ranked = await reranker.rank(
        interest,
        [...papers.values()].map((p) => ({ id: p.id, text: `${p.title}. ${p.abstract}` })),
      );
      return {
        ranker: reranker.kind,
        papers: ranked.map((r) => ({ paper: papers.get(r.id)!, score: r.score })),
      };
    },

    summarize: (input) => summarise(ports, input),
  };
}
