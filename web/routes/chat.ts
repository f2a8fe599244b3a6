/**
 * Chat with the research agent: the page and its form, the streamed answer, the user's own
 * Confirm/Decline of a change the agent proposed, and a new conversation.
 */
import { streamSSE } from 'hono/streaming';
import type { AgentReply } from '../../app/agent-service.ts';
import { AppError, errorMessage } from '../../domain/errors.ts';
import type { PageOptions, WebArea, WebContext, WebRequest } from '../context.ts';
import { statusOf } from '../http.ts';
import type { ChatProposal, Session } from '../security.ts';
import { assistantMessage, chatPage } from '../views/chat.ts';

const pushChat = (s: Session, entry: Session['chat'][number]) => {
  s.chat.push(entry);
  if (s.chat.length > 60) s.chat.splice(0, s.chat.length - 60);
};

const chatProposals = (reply: AgentReply): ChatProposal[] =>
  reply.proposals.map((p) => ({
    id: p.id,
    title: p.title,
    changes: p.changes,
    problem: p.problem,
    confirmable: p.confirmable,
    state: 'pending',
  }));

/** The question of a chat form or JSON body, trimmed and capped. */
const questionOf = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 2000) : '');

export const chat: WebArea = {
  name: 'chat',
  register(app, web) {
    const { agent } = web;
    const chatNotice = agent.enabled
      ? null
      : 'No LLM is configured, so answers come from the papers in your library (set LLM_BASE_URL and LLM_MODEL for the research agent).';
    /** The chat page, with the error of a form that failed (the conversation stays as it was). */
    const chatWithError = (c: WebRequest, e: unknown, status: PageOptions['status']) =>
      web.page(c, {
        title: 'Chat',
        body: chatPage(web.pageContext(c), c.var.session, chatNotice, errorMessage(e)),
        math: true,
        status,
      });
    app.get('/chat', (c) =>
      web.page(c, {
        title: 'Chat',
        body: chatPage(web.pageContext(c), c.var.session, chatNotice, null),
        math: true,
      }),
    );
    app.post('/chat', async (c) => {
      const b = await c.req.parseBody();
      const question = String(b.question ?? '')
        .trim()
        .slice(0, 2000);
      try {
        web.limit(c, 'chat');
        const tools: string[] = [];
        const reply = await agent.ask({ question, conversationId: c.var.session.conversationId }, undefined, {
          signal: c.req.raw.signal,
          onTool: (t) => tools.push(t.label),
        });
        pushChat(c.var.session, { role: 'user', text: question });
        pushChat(c.var.session, {
          role: 'assistant',
          text: reply.answer,
          cited: reply.cited,
          tools,
          proposals: chatProposals(reply),
        });
        return c.redirect(`/chat#msg-${c.var.session.chat.length - 1}`, 303);
      } catch (e) {
        return chatWithError(c, e, statusOf(e) === 500 ? 500 : 400);
      }
    });
    app.post('/chat/stream', async (c) => {
      const body = (await c.req.json().catch(() => ({}))) as { question?: unknown };
      return streamAnswer(c, web, questionOf(body.question));
    });
    // A proposal the agent made is applied only by the user's own Confirm (consent bound to a proposal).
    app.post('/chat/proposal', async (c) => {
      try {
        return await decideProposal(c, web);
      } catch (e) {
        return chatWithError(c, e, statusOf(e) === 500 ? 500 : statusOf(e));
      }
    });
    app.post('/chat/reset', async (c) => {
      const s = c.var.session;
      await agent.reset(s.conversationId).catch(() => {});
      s.conversationId = `${s.conversationId.replace(/~\d+$/, '')}~${Date.now()}`;
      s.chat = [];
      return web.actionDone(c, 'New conversation.', '/chat');
    });
  },
};

/** Confirm or Decline: applied (or dropped) by the agent, and marked so in the conversation. */
async function decideProposal(c: WebRequest, web: WebContext): Promise<Response> {
  const b = await c.req.parseBody();
  const id = String(b.id ?? '');
  const decision = b.decision === 'confirm' ? 'confirm' : b.decision === 'decline' ? 'decline' : null;
  const s = c.var.session;
  if (!decision) throw new AppError('INVALID_INPUT', 'Choose Confirm or Decline.');
  const done = await web.agent[decision](id, { conversationId: s.conversationId });
  const at = s.chat.findIndex((m) => m.proposals?.some((p) => p.id === done.proposal.id));
  for (const p of s.chat[at]?.proposals ?? [])
    if (p.id === done.proposal.id) p.state = decision === 'confirm' ? 'applied' : 'declined';
  s.flash =
    decision === 'confirm'
      ? `Applied: ${done.proposal.title}.`
      : `Declined: ${done.proposal.title}; nothing changed.`;
  return c.redirect(at >= 0 ? `/chat#msg-${at}` : '/chat', 303);
}

/** The agent's answer as events: progress, tool calls, the draft as it is written, then the sanitised answer. */
function streamAnswer(c: WebRequest, web: WebContext, question: string): Response {
  const session = c.var.session;
  return streamSSE(c, async (stream) => {
    const ac = new AbortController();
    stream.onAbort(() => ac.abort());
    const send = (event: string, data: unknown) =>
      stream.writeSSE({ event, data: JSON.stringify(data) }).catch(() => {});
    try {
      if (!question) throw new AppError('INVALID_INPUT', 'Type a question first.');
      web.limit(c, 'chat');
      const tools: string[] = [];
      const reply = await web.agent.ask(
        { question, conversationId: session.conversationId },
        (message) => void send('progress', { message }),
        {
          signal: ac.signal,
          onTool: (t) => {
            tools.push(t.label);
            void send('tool', { label: t.label, isError: t.isError });
          },
          // The answer as the model writes it (plain text, shown with textContent until the
          // sanitised answer replaces it).
          onDraft: (d) => void send('draft', { restart: d.restart, delta: d.delta }),
        },
      );
      pushChat(session, { role: 'user', text: question });
      const proposals = chatProposals(reply);
      pushChat(session, { role: 'assistant', text: reply.answer, cited: reply.cited, tools, proposals });
      const n = session.chat.length - 1;
      await send('answer', {
        html: (
          await assistantMessage(reply.answer, reply.cited, tools, n, {
            list: proposals,
            csrf: web.pageContext(c).csrf,
          })
        ).toString(),
        cited: reply.cited,
        notice: reply.notice,
        id: `msg-${n}`,
      });
    } catch (e) {
      await send('error', { message: errorMessage(e) });
    }
  });
}
