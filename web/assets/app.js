// arxiv-radar web app: the small client script. Every page works without it (forms post and
// redirect); with it: search progress over SSE, in-place actions, live digest runs, chat
// streaming with tool calls, recording a question and reading answers aloud.
/* global document, window, fetch, URLSearchParams, EventSource, FormData, MediaRecorder, Blob, Audio, TextDecoder, speechSynthesis, SpeechSynthesisUtterance, navigator, setTimeout, clearTimeout, history, location */
(() => {
  'use strict';
  const csrf = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
  const body = document.body;
  const $ = (sel, root = document) => root.querySelector(sel);

  /** Parses a text/event-stream body read with fetch (POST streams cannot use EventSource). */
  async function readSse(response, onEvent) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event = 'message';
        const data = [];
        for (const line of frame.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        }
        if (data.length) onEvent(event, JSON.parse(data.join('\n')));
      }
    }
  }

  // ---- Search: progress over SSE, results in place ----
  const searchForm = $('#search-form');
  if (searchForm) {
    const progress = $('#search-progress');
    const results = $('#results');
    let activeSearch = null;
    const run = (params) => {
      const url = `/search/events?${params.toString()}`;
      progress.textContent = 'Searching…';
      const button = $('button[type="submit"]', searchForm);
      button.disabled = true;
      // A new search stops the last one's full-text stream, which would otherwise fill the new results.
      activeSearch?.close();
      const es = new EventSource(url);
      activeSearch = es;
      const finish = () => {
        es.close();
        button.disabled = false;
      };
      es.addEventListener('progress', (e) => (progress.textContent = JSON.parse(e.data).message));
      es.addEventListener('result', (e) => {
        const d = JSON.parse(e.data);
        results.innerHTML = d.html; // rendered and escaped on the server
        // The results' heading says the count (or that nothing was found): the progress line only
        // speaks while full-text TL;DRs are still coming.
        progress.textContent = d.pending ? `Fetching full-text TL;DRs for the top ${d.pending}…` : '';
        history.pushState(null, '', d.url);
        if (!d.pending) finish();
        else button.disabled = false;
        $('#results-h')?.focus?.();
      });
      // A full-text TL;DR replaces the abstract one of its result (rendered and escaped on the server).
      es.addEventListener('fulltext', (e) => {
        const d = JSON.parse(e.data);
        const el = document.getElementById(`summary-${d.rank}`);
        if (el && d.html) el.outerHTML = d.html;
        else if (el && d.message) el.setAttribute('title', `No full text: ${d.message}`);
      });
      es.addEventListener('done', () => {
        progress.textContent = 'All full-text TL;DRs in.';
        finish();
      });
      es.addEventListener('error', (e) => {
        if (e.data) {
          progress.textContent = '';
          results.innerHTML = '';
          const p = document.createElement('p');
          p.className = 'error';
          p.setAttribute('role', 'alert');
          p.textContent = JSON.parse(e.data).message;
          results.append(p);
        }
        finish();
      });
    };
    searchForm.addEventListener('submit', (ev) => {
      ev.preventDefault();
      run(new URLSearchParams(new FormData(searchForm)));
    });
    // The edited-query form inside the results, rendered later: delegate.
    document.addEventListener('submit', (ev) => {
      const f = ev.target;
      if (!(f instanceof window.HTMLFormElement) || !f.classList.contains('query-edit')) return;
      ev.preventDefault();
      const params = new URLSearchParams(new FormData(f));
      params.set('max', $('#max').value);
      if ($('input[name="full"]', searchForm)?.checked) params.set('full', '1');
      run(params);
    });
  }

  // ---- Actions (save, Notion, pause, delete, run now) without leaving the page ----
  document.addEventListener('submit', async (ev) => {
    const f = ev.target;
    if (!(f instanceof window.HTMLFormElement) || !f.classList.contains('js-action')) return;
    ev.preventDefault();
    const confirmText = f.dataset.confirm;
    if (confirmText && !window.confirm(confirmText)) return;
    const status = f.parentElement.querySelector('.action-status');
    const say = (text, ok) => {
      if (!status) return;
      status.textContent = text;
      status.className = `action-status ${ok ? 'ok' : 'bad'}`;
    };
    // The button pressed (👍 or 👎 share one form) is part of what is sent: read before it is disabled.
    const button = ev.submitter ?? $('button[type="submit"]', f);
    const body = new URLSearchParams(new FormData(f, ev.submitter ?? undefined));
    button.disabled = true;
    try {
      const res = await fetch(f.action, {
        method: 'POST',
        body,
        headers: { accept: 'application/json', 'x-csrf-token': csrf },
      });
      const d = await res.json();
      if (!d.ok) return say(d.error ?? `Failed (HTTP ${res.status})`, false);
      if (/\/(run|delete|pause|remove)$/.test(new URL(f.action).pathname)) location.assign(d.redirect);
      else say(d.message, true);
      if (d.ok && f.classList.contains('rating') && ev.submitter)
        for (const b of f.querySelectorAll('button[name="rating"]'))
          b.setAttribute('aria-pressed', String(b === ev.submitter));
    } catch (e) {
      say(`Failed: ${e.message}`, false);
    } finally {
      button.disabled = false;
    }
  });

  // ---- A digest run: live progress ----
  const runEl = $('[data-run-id]');
  if (runEl && runEl.dataset.finished !== '1') {
    const log = $('#run-log');
    const state = $('#run-state');
    const bar = $('#run-bar');
    const es = new EventSource(`/runs/${runEl.dataset.runId}/events`);
    log.textContent = '';
    es.addEventListener('progress', (e) => {
      const li = document.createElement('li');
      li.textContent = JSON.parse(e.data).message;
      log.append(li);
    });
    es.addEventListener('started', (e) => {
      const d = JSON.parse(e.data);
      const p = $('#run-temporal');
      p.textContent = '';
      if (d.url) {
        const a = document.createElement('a');
        a.href = d.url;
        a.textContent = 'This run in the Temporal UI';
        p.append(a, ` (workflow ${d.workflowId})`);
      } else p.textContent = `Workflow ${d.workflowId}`;
    });
    es.addEventListener('done', (e) => {
      const d = JSON.parse(e.data);
      state.textContent = d.status === 'published' ? 'Published.' : `Nothing new: ${d.reason ?? ''}`;
      bar.max = 1;
      bar.value = 1;
      const box = $('#run-digests');
      box.textContent = '';
      if (d.links.length) {
        const h = document.createElement('h2');
        h.textContent = 'Digests';
        const ul = document.createElement('ul');
        for (const l of d.links) {
          const li = document.createElement('li');
          const a = document.createElement('a');
          a.href = l.href;
          a.textContent = l.key;
          li.append(a);
          ul.append(li);
        }
        box.append(h, ul);
      }
      runEl.dataset.finished = '1';
      es.close();
    });
    es.addEventListener('error', (e) => {
      if (e.data) {
        state.textContent = `Failed: ${JSON.parse(e.data).message}`;
        state.className = 'run-state error';
      }
      runEl.dataset.finished = '1';
      es.close();
    });
  }

  // ---- Read aloud: the audio server when configured, else the browser's speech synthesis ----
  const speakBrowser = (text) => {
    if (!('speechSynthesis' in window)) return false;
    speechSynthesis.cancel();
    speechSynthesis.speak(new SpeechSynthesisUtterance(text));
    return true;
  };
  let player = null;
  async function speak(button) {
    const msg = document.getElementById(button.dataset.speak);
    const text = (msg?.querySelector('.answer')?.textContent ?? '').trim();
    if (!text) return;
    button.disabled = true;
    try {
      if (body.dataset.tts === 'server') {
        const res = await fetch('/audio/speech', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
          body: JSON.stringify({ text }),
        });
        if (res.ok) {
          const blob = await res.blob();
          player?.pause();
          player = new Audio(URL.createObjectURL(blob));
          window.__lastSpeech = { type: blob.type, size: blob.size };
          await player.play().catch(() => {});
          return;
        }
      }
      if (!speakBrowser(text)) button.textContent = 'Reading aloud is not available in this browser';
    } finally {
      button.disabled = false;
    }
  }
  const armSpeakers = (root = document) => {
    for (const b of root.querySelectorAll('button.speak')) b.hidden = false;
  };
  document.addEventListener('click', (ev) => {
    const b = ev.target.closest?.('button.speak');
    if (b) void speak(b);
  });
  armSpeakers();

  // ---- Chat: stream tool calls, the answer as it is written, then the answer ----
  const chatForm = $('#chat-form');
  if (chatForm) {
    const log = $('#chat-log');
    const status = $('#chat-status');
    const question = $('#question');
    const addUser = (text) => {
      const li = document.createElement('article');
      li.className = 'msg user';
      li.setAttribute('aria-label', 'You');
      const who = document.createElement('p');
      who.className = 'who';
      who.textContent = 'You';
      const p = document.createElement('p');
      p.textContent = text;
      li.append(who, p);
      log.append(li);
    };
    chatForm.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const text = question.value.trim();
      if (!text) return;
      const send = $('#send');
      send.disabled = true;
      addUser(text);
      question.value = '';
      status.textContent = 'Thinking…';
      const pending = document.createElement('div');
      pending.className = 'msg assistant pending';
      const tools = document.createElement('ul');
      tools.className = 'tools';
      tools.setAttribute('aria-label', 'Tool calls');
      // The answer as the model writes it: plain text, hidden from screen readers (the log would
      // read every fragment); the finished answer replaces it.
      const draft = document.createElement('p');
      draft.className = 'draft';
      draft.setAttribute('aria-hidden', 'true');
      draft.hidden = true;
      pending.append(tools, draft);
      log.append(pending);
      try {
        const res = await fetch('/chat/stream', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-csrf-token': csrf },
          body: JSON.stringify({ question: text }),
        });
        if (!res.ok || !res.body)
          throw new Error((await res.json().catch(() => ({}))).error ?? `HTTP ${res.status}`);
        await readSse(res, (event, d) => {
          if (event === 'progress') status.textContent = d.message;
          else if (event === 'draft') {
            if (d.restart) draft.textContent = '';
            draft.textContent += d.delta;
            draft.hidden = !draft.textContent;
            if (draft.textContent && status.textContent !== 'Writing the answer…')
              status.textContent = 'Writing the answer…';
          } else if (event === 'tool') {
            const li = document.createElement('li');
            li.textContent = `Tool: ${d.label}${d.isError ? ' (failed)' : ''}`;
            tools.append(li);
          } else if (event === 'answer') {
            const tpl = document.createElement('template');
            tpl.innerHTML = d.html; // sanitised on the server
            const msg = tpl.content.firstElementChild;
            pending.replaceWith(msg);
            armSpeakers(msg);
            status.textContent = d.notice ?? 'Answered.';
          } else if (event === 'error') {
            pending.remove();
            status.textContent = `Error: ${d.message}`;
          }
        });
      } catch (e) {
        pending.remove();
        status.textContent = `Error: ${e.message}`;
      } finally {
        send.disabled = false;
      }
    });

    // ---- Voice in: record, send to the transcription endpoint, put the text in the box ----
    const mic = $('#mic');
    const voiceStatus = $('#voice-status');
    if (mic && body.dataset.stt === '1' && navigator.mediaDevices?.getUserMedia && window.MediaRecorder) {
      mic.hidden = false;
      const maxMs = Number(body.dataset.audioMaxSeconds || 60) * 1000;
      let recorder = null;
      let timer = null;
      mic.addEventListener('click', async () => {
        if (recorder) {
          recorder.stop();
          return;
        }
        let stream;
        try {
          stream = await navigator.mediaDevices.getUserMedia({ audio: true });
        } catch (e) {
          voiceStatus.textContent = `The microphone is not available: ${e.message}`;
          return;
        }
        const chunks = [];
        recorder = new MediaRecorder(stream);
        recorder.addEventListener('dataavailable', (e) => e.data.size && chunks.push(e.data));
        recorder.addEventListener('stop', async () => {
          clearTimeout(timer);
          for (const t of stream.getTracks()) t.stop();
          const type = recorder.mimeType || 'audio/webm';
          recorder = null;
          mic.setAttribute('aria-pressed', 'false');
          mic.textContent = 'Record question';
          voiceStatus.textContent = 'Transcribing…';
          try {
            const res = await fetch('/audio/transcribe', {
              method: 'POST',
              headers: { 'content-type': type, 'x-csrf-token': csrf },
              body: new Blob(chunks, { type }),
            });
            const d = await res.json();
            if (!d.ok) throw new Error(d.error);
            question.value = d.text;
            question.focus();
            voiceStatus.textContent = 'Check the text, then press Send.';
          } catch (e) {
            voiceStatus.textContent = `Transcription failed: ${e.message}`;
          }
        });
        recorder.start();
        mic.setAttribute('aria-pressed', 'true');
        mic.textContent = 'Stop recording';
        voiceStatus.textContent = `Recording… (at most ${maxMs / 1000} s)`;
        timer = setTimeout(() => recorder?.stop(), maxMs);
      });
    }
  }
})();
