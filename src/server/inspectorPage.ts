import type { Inspection } from './inspection.js';

/** How often a live page asks the server for its view again, in ms. */
export const POLL_MS = 1_000;

const style = `
:root { color-scheme: light dark; --line: #8884; --muted: #777; --bad: #c0392b; --ok: #2e7d32; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, sans-serif; display: grid; grid-template-columns: 16rem 1fr; min-height: 100vh; }
nav { border-right: 1px solid var(--line); padding: 1rem; }
nav h1 { font-size: 1rem; margin: 0 0 .75rem; }
nav button { display: block; width: 100%; text-align: left; margin: 2px 0; padding: .35rem .5rem; border: 1px solid var(--line);
  border-radius: 4px; background: none; color: inherit; font: inherit; cursor: pointer; }
nav button[aria-current="true"] { background: #8882; font-weight: 600; }
nav .count { float: right; color: var(--muted); }
main { padding: 1rem 1.5rem; overflow-wrap: anywhere; }
main h2 { margin: 0 0 1rem; font-size: 1.1rem; }
.status { color: var(--muted); font-size: 12px; margin-bottom: 1rem; }
.step { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 .75rem; padding: .5rem .75rem; }
.step h3 { margin: 0 0 .35rem; font-size: .9rem; }
.step.failed { border-color: var(--bad); }
.step ul { list-style: none; margin: 0; padding: 0; font: 12.5px/1.5 ui-monospace, monospace; white-space: pre-wrap; }
.asked::before { content: "> "; color: var(--muted); }
.answered::before { content: "< "; color: var(--ok); }
.failure { color: var(--bad); } .failure::before { content: "! "; }
.waiting { color: var(--muted); }
section { margin-top: 1.25rem; } section h3 { font-size: .95rem; margin: 0 0 .35rem; }
.ok { color: var(--ok); } .bad { color: var(--bad); }
`;

// The page's script: it renders the view with textContent only (never HTML from data), keeps the
// token of its own URL in memory and takes it out of the address bar and history at once.
const script = `
(() => {
  const embedded = document.getElementById('standin-data');
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  if (token !== null) history.replaceState(null, '', location.pathname);
  let view = embedded ? JSON.parse(embedded.textContent) : null;
  let chosen = null;
  const el = (tag, cls, text) => {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const label = (scope) => (scope === '' ? 'outside any scope' : scope);
  function render(status) {
    const nav = document.querySelector('nav');
    const main = document.querySelector('main');
    nav.replaceChildren(el('h1', '', view ? view.title : 'standin'));
    main.replaceChildren();
    if (status) main.append(el('p', 'status', status));
    if (!view) return;
    if (view.scopes.length === 0) main.append(el('p', 'waiting', 'No steps yet.'));
    if (chosen === null || !view.scopes.some((s) => s.scope === chosen)) chosen = view.scopes[0]?.scope ?? null;
    for (const s of view.scopes) {
      const button = el('button', '', label(s.scope));
      button.append(el('span', 'count', String(s.steps.length)));
      button.setAttribute('aria-current', String(s.scope === chosen));
      button.addEventListener('click', () => { chosen = s.scope; render(status); });
      nav.append(button);
    }
    const s = view.scopes.find((item) => item.scope === chosen);
    if (!s) return;
    main.append(el('h2', '', label(s.scope)));
    for (const step of s.steps) {
      const box = el('article', step.failure ? 'step failed' : 'step');
      const where = step.step === null || step.step === undefined ? step.run : step.run + ' · step ' + step.step;
      box.append(el('h3', '', where + ' · ' + step.model + ' ' + step.call + (step.attempt > 1 ? ' · attempt ' + step.attempt : '')));
      const list = el('ul');
      for (const line of step.request) list.append(el('li', 'asked', line));
      for (const line of step.answer) list.append(el('li', 'answered', line));
      if (step.failure) list.append(el('li', 'failure', step.failure));
      if (step.waiting) list.append(el('li', 'waiting', '… no answer yet'));
      box.append(list);
      main.append(box);
    }
    const pending = el('section');
    pending.append(el('h3', '', 'Pending answers'));
    const left = el('ul');
    for (const p of s.pending) for (const a of p.answers) left.append(el('li', '', p.model + ': ' + a));
    if (left.children.length === 0) left.append(el('li', 'ok', 'none'));
    pending.append(left);
    const verify = el('section');
    verify.append(el('h3', '', 'Verify'));
    const said = el('ul');
    for (const line of s.verify) said.append(el('li', 'bad', line));
    if (s.verify.length === 0) said.append(el('li', 'ok', view.live ? 'passes' : 'not run for a cassette'));
    verify.append(said);
    main.append(pending, verify);
  }
  async function poll() {
    try {
      const answer = await fetch('inspect', { headers: { 'x-standin-token': token ?? '' }, cache: 'no-store' });
      if (!answer.ok) throw new Error('the server answered ' + answer.status);
      view = await answer.json();
      render('Updated ' + new Date().toLocaleTimeString());
    } catch (error) {
      render('Cannot reach the server: ' + error.message);
    }
    setTimeout(poll, ${POLL_MS});
  }
  if (view) render(''); else poll();
})();
`;

/**
 * The inspector as one self-contained HTML page: static with `view`, else live, polling `GET /__standin/inspect` with
 * the token its URL carried, which it takes out of the address bar at once. Text is set with `textContent` and the
 * embedded JSON has `<` escaped, so no data can end its script element.
 */
export function inspectorPage(view?: Inspection): string {
  const connect = view === undefined ? "'self'" : "'none'";
  const data =
    view === undefined
      ? ''
      : `<script type="application/json" id="standin-data">${JSON.stringify(view).replace(/</g, '\\u003c')}</script>\n`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta http-equiv="Content-Security-Policy" content="${contentPolicy(connect)}">
<title>standin inspector</title>
<style>${style}</style>
</head>
<body>
<nav></nav>
<main></main>
${data}<script>${script}</script>
</body>
</html>
`;
}

/** The page's content security policy: inline style and script only, and requests to `connect`. */
export function contentPolicy(connect: string): string {
  return (
    `default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src ${connect}; ` +
    `base-uri 'none'; form-action 'none'`
  );
}
