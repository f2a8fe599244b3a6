/** The chat page: the conversation, the agent's answers with tools, citations and proposals, the form. */
import { html, raw } from 'hono/html';
import type { AgentReply } from '../../app/agent-service.ts';
import { renderMarkdown } from '../markdown.ts';
import type { ChatProposal, Session } from '../security.ts';
import { csrfField, oneLine, paperHref } from './components.ts';
import type { Html, PageContext } from './layout.ts';

/** One assistant answer: sanitised Markdown, its tool calls and its cited papers as cards. */
export function assistantMessage(
  text: string,
  cited: AgentReply['cited'],
  tools: string[],
  n: number,
  proposals: { list: ChatProposal[]; csrf: string } = { list: [], csrf: '' },
): Html {
  const rendered = renderMarkdown(text, { headingOffset: 2 });
  return html`<article class="msg assistant" id="msg-${n}" aria-label="arxiv-radar's answer">
    <p class="who">arxiv-radar</p>
    ${
      tools.length
        ? html`<ul class="tools" aria-label="Tool calls">
            ${tools.map((t) => html`<li>Tool: ${t}</li>`)}
          </ul>`
        : ''
    }
    <div class="answer markdown">${raw(rendered.html)}</div>
    ${citedCards(cited)} ${proposals.list.map((p) => proposalBox(p, proposals.csrf))}
    <button type="button" class="speak" data-speak="msg-${n}" hidden>Read aloud</button>
  </article>`;
}

/**
 * A change the agent proposed: the server's summary, and the user's own Confirm and Decline (the
 * only way it is applied; the model cannot press them).
 */
function proposalBox(p: ChatProposal, csrf: string): Html {
  const status =
    p.state === 'applied'
      ? 'Applied.'
      : p.state === 'declined'
        ? 'Declined: nothing changed.'
        : p.problem
          ? `Cannot be applied: ${p.problem}.`
          : 'Not applied: confirm to apply it.';
  return html`<section class="proposal" aria-label="Proposed change">
    <p><strong>Proposed:</strong> ${p.title}</p>
    <ul>
      ${p.changes.map((c) => html`<li>${c}</li>`)}
    </ul>
    <p class="meta">${status}</p>
    ${p.state === 'pending' && p.confirmable ? html`<form method="post" action="/chat/proposal"><input type="hidden" name="_csrf" value="${csrf}" /><input type="hidden" name="id" value="${p.id}" /><button type="submit" name="decision" value="confirm">Confirm</button> <button type="submit" name="decision" value="decline" class="secondary">Decline</button></form>` : ''}
  </section>`;
}

export function citedCards(cited: AgentReply['cited']): Html | '' {
  if (!cited.length) return '';
  return html`<ul class="cards" aria-label="Cited papers">
    ${cited.map(
      (c) =>
        html`<li class="card">
          <a href="${paperHref(c.id)}">${c.title ? oneLine(c.title) : `arXiv:${c.id}`}</a
          ><span class="meta">arXiv:${c.id} · <a href="${c.url}" rel="noopener">arXiv page</a></span>
        </li>`,
    )}
  </ul>`;
}

export function chatPage(
  ctx: PageContext,
  session: Session,
  notice: string | null,
  error: string | null,
): Html {
  return html`<h1>Chat with the research agent</h1>
    ${notice ? html`<p class="note">${notice}</p>` : ''}
    <div id="chat-log" class="chat-log" role="log" aria-live="polite" aria-label="Conversation">
      ${session.chat.map((m, i) =>
        m.role === 'user'
          ? html`<article class="msg user" aria-label="You">
              <p class="who">You</p>
              <p>${m.text}</p>
            </article>`
          : assistantMessage(m.text, m.cited ?? [], m.tools ?? [], i, {
              list: m.proposals ?? [],
              csrf: ctx.csrf,
            }),
      )}
    </div>
    <p id="chat-status" class="progress" role="status" aria-live="polite"></p>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    <form method="post" action="/chat" id="chat-form" class="chat-form">
      ${csrfField(ctx)}
      <label for="question">Your question</label>
      <textarea
        id="question"
        name="question"
        rows="3"
        required
        minlength="1"
        maxlength="2000"
        placeholder="e.g. What is new in software testing? Cite papers."
      ></textarea>
      <div class="row">
        <button type="submit" id="send">Send</button>
        ${ctx.stt ? html`<button type="button" id="mic" aria-pressed="false" hidden>Record question</button>` : ''}
        <span id="voice-status" role="status" aria-live="polite"></span>
        <button type="submit" form="chat-reset" class="reset">New conversation</button>
      </div>
    </form>
    <form method="post" action="/chat/reset" id="chat-reset">${csrfField(ctx)}</form>`;
}
