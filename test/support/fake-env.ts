/** The environment that points arxiv-radar at the loopback fakes (arXiv, Notion, Discord). */
import { ArxivClient } from '../../adapters/arxiv/client.ts';
import type { RequestGate } from '../../adapters/arxiv/transport.ts';
import type { FakeArxiv } from '../fakes/arxiv-server.ts';

/** Every arXiv endpoint at the fake, with a short spacing (the fake does not rate-limit). */
export function fakeArxivEnv(
  arxiv: Pick<FakeArxiv, 'apiUrl' | 'rssUrl' | 'webUrl' | 'oaiUrl'>,
): Record<string, string> {
  return {
    ARXIV_API_URL: arxiv.apiUrl,
    ARXIV_RSS_URL: arxiv.rssUrl,
    ARXIV_WEB_URL: arxiv.webUrl,
    ARXIV_OAI_URL: arxiv.oaiUrl,
    ARXIV_MIN_INTERVAL_MS: '50',
  };
}

/** An arXiv client of its own at the fake (as another machine or a front end has), spaced by `minIntervalMs`, taking turns at `gate`. */
export function fakeArxivClient(fake: FakeArxiv, minIntervalMs: number, gate: RequestGate): ArxivClient {
  return new ArxivClient({
    apiUrl: fake.apiUrl,
    rssUrl: fake.rssUrl,
    webUrl: fake.webUrl,
    minIntervalMs,
    timeoutMs: 5000,
    maxResponseBytes: 10 * 1024 * 1024,
    gate,
  });
}

/** The research agent's model at the fake LLM. */
export function fakeLlmEnv(
  llm: { url: string },
  model = 'fake-agent',
  timeoutMs = 5000,
): Record<string, string> {
  return { LLM_BASE_URL: llm.url, LLM_MODEL: model, LLM_TIMEOUT_MS: String(timeoutMs) };
}

export function fakeServicesEnv(
  arxiv: FakeArxiv,
  notion: { url: string; databaseId: string },
  discord: { url: string },
): Record<string, string> {
  return {
    ...fakeArxivEnv(arxiv),
    NOTION_TOKEN: 'secret_test',
    NOTION_DATABASE_ID: notion.databaseId,
    NOTION_API_URL: notion.url,
    DISCORD_TOKEN: 'bot-token',
    DISCORD_API_URL: discord.url,
  };
}
