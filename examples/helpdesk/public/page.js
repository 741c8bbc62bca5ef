// The help desk's page: plain JavaScript, no build step. It opens a ticket, shows its
// classification, then streams the writer's reply (GET /tickets/:id/stream) as it arrives.

const $ = (id) => document.getElementById(id);

/** The ticket being answered: its event source and its typist, so a new ticket stops the old one. */
let current = null;

/**
 * Shows the typed answer's JSON growing piece by piece. Pieces that come faster than a person can
 * see (a faked answer comes all at once) are shown a few tens of milliseconds apart; a backlog is
 * shown at once, so a fast real stream is never held back.
 */
class Typist {
  #target;
  #queue = [];
  #timer = null;
  #waiters = [];
  received = 0;

  constructor(target) {
    this.#target = target;
  }

  add(piece) {
    this.received += 1;
    this.#target.dataset.pieces = String(this.received);
    this.#queue.push(piece);
    if (this.#timer === null) this.#timer = setTimeout(() => this.#tick(), 80);
  }

  #tick() {
    this.#timer = null;
    const count = this.#queue.length > 8 ? this.#queue.length : 1;
    for (const piece of this.#queue.splice(0, count)) {
      const span = document.createElement('span');
      span.className = 'piece';
      span.textContent = piece;
      this.#target.append(span);
    }
    const shown = this.#target.childElementCount;
    $('pieces').textContent = `${shown} piece${shown === 1 ? '' : 's'} so far`;
    if (this.#queue.length > 0) this.#timer = setTimeout(() => this.#tick(), 80);
    else for (const resolve of this.#waiters.splice(0)) resolve();
  }

  /** Resolves once every piece received is shown. */
  idle() {
    return this.#queue.length === 0 && this.#timer === null
      ? Promise.resolve()
      : new Promise((resolve) => this.#waiters.push(resolve));
  }

  stop() {
    clearTimeout(this.#timer);
    this.#timer = null;
    this.#queue.length = 0;
  }
}

function setStatus(text) {
  $('status').textContent = text;
}

function showError(text) {
  $('error').textContent = text;
  $('error').hidden = false;
  setStatus('');
  $('send').disabled = false;
}

function percent(p) {
  return `${Math.round(p * 100)}%`;
}

function bars(container, rows) {
  container.replaceChildren(
    ...rows.map(([label, p]) => {
      const row = document.createElement('div');
      row.className = 'bar';
      const name = document.createElement('span');
      name.textContent = label;
      const track = document.createElement('span');
      track.className = 'track';
      const fill = document.createElement('span');
      fill.className = 'fill';
      fill.style.display = 'block';
      fill.style.width = percent(p);
      track.append(fill);
      const pct = document.createElement('span');
      pct.className = 'pct';
      pct.textContent = percent(p);
      row.append(name, track, pct);
      return row;
    }),
  );
}

const levels = ['calm', 'annoyed', 'angry'];

function showClassification({ team, frustration, refund }) {
  $('team').textContent = team.choice;
  bars($('team-bars'), Object.entries(team.probabilities));
  $('frustration').textContent = `${frustration.level} (${frustration.score})`;
  bars(
    $('frustration-bars'),
    frustration.probabilities.map((p, i) => [levels[i] ?? `level ${i}`, p]),
  );
  $('refund').textContent = refund.asked ? 'yes' : 'no';
  bars($('refund-bars'), [['yes', refund.yesProbability]]);
  $('classification').hidden = false;
}

/** The list item of a step of the writer's run: its note for the team, and what it did. */
function step(index) {
  let item = document.querySelector(`#steps li[data-step="${index}"]`);
  if (item === null) {
    item = document.createElement('li');
    item.dataset.step = String(index);
    const note = document.createElement('span');
    note.className = 'note';
    const parts = document.createElement('span');
    parts.className = 'parts';
    const activity = document.createElement('ul');
    activity.className = 'activity';
    item.append(note, parts, activity);
    $('steps').append(item);
  }
  return item;
}

function addActivity(index, text) {
  const line = document.createElement('li');
  line.textContent = text;
  step(index).querySelector('.activity').append(line);
}

/** Appends a text part to a step's note: a faked text comes as one part, a real one in many. */
function addNote(index, text, kind) {
  const item = step(index);
  const note = item.querySelector('.note');
  note.textContent += kind === 'reasoning' ? `(thinking) ${text}` : text;
  const parts = Number(item.dataset.parts ?? 0) + 1;
  item.dataset.parts = String(parts);
  item.querySelector('.parts').textContent = `· arrived in ${parts} part${parts === 1 ? '' : 's'}`;
}

function showAnswer(reply) {
  $('answer-text').textContent = reply.answer;
  $('answer-pages').textContent =
    reply.pages.length === 0
      ? 'No guide page cited.'
      : `From the guide: ${reply.pages.map((p) => `page ${p.page} (${p.title})`).join(', ')}.`;
  const pieces = $('value').dataset.pieces;
  $('pieces').textContent = `The typed answer arrived in ${pieces} piece${pieces === '1' ? '' : 's'}.`;
  $('answer').hidden = false;
}

function streamReply(id) {
  setStatus('The writer is answering…');
  $('reply').hidden = false;
  const typist = new Typist($('value'));
  const source = new EventSource(`/tickets/${encodeURIComponent(id)}/stream`);
  current = { source, typist };
  let ended = false;
  const end = () => {
    ended = true;
    source.close();
  };
  const data = (event) => JSON.parse(event.data);
  source.addEventListener('text', (e) => {
    const { step: index, text } = data(e);
    addNote(index, text, 'text');
  });
  source.addEventListener('reasoning', (e) => {
    const { step: index, text } = data(e);
    addNote(index, text, 'reasoning');
  });
  source.addEventListener('call', (e) => {
    const { step: index, call } = data(e);
    addActivity(index, `Looks up ${JSON.stringify(call.with?.words ?? call.with)} with ${call.tool}`);
  });
  source.addEventListener('tool-result', (e) => {
    const { step: index, output, error } = data(e);
    if (error !== undefined) addActivity(index, `The tool failed: ${error}`);
    else if (Array.isArray(output))
      addActivity(
        index,
        output.length === 0 ? 'Found nothing.' : `Found ${output.map((p) => `page ${p.page} (${p.title})`).join(', ')}`,
      );
  });
  source.addEventListener('value', (e) => typist.add(data(e).json));
  source.addEventListener('done', async (e) => {
    end();
    const { reply } = data(e);
    await typist.idle();
    if (current?.source !== source) return;
    showAnswer(reply);
    setStatus('Answered.');
    $('send').disabled = false;
  });
  source.addEventListener('failed', (e) => {
    end();
    showError(data(e).message);
  });
  source.addEventListener('error', () => {
    // The server's own failures come as 'failed'; this is the connection breaking off.
    if (ended) return;
    end();
    showError('The stream of the reply broke off.');
  });
}

async function submit(message) {
  current?.source.close();
  current?.typist.stop();
  current = null;
  $('error').hidden = true;
  $('classification').hidden = true;
  $('reply').hidden = true;
  $('answer').hidden = true;
  $('steps').replaceChildren();
  $('value').replaceChildren();
  $('value').dataset.pieces = '0';
  $('pieces').textContent = '';
  $('send').disabled = true;
  setStatus('Classifying the ticket…');
  let response;
  try {
    response = await fetch('/tickets?reply=stream', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message }),
    });
  } catch {
    showError('The help desk cannot be reached.');
    return;
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    showError(typeof body.message === 'string' ? body.message : `The help desk answered ${response.status}.`);
    return;
  }
  showClassification(body.classification);
  streamReply(body.id);
}

async function loadExamples() {
  const response = await fetch('/examples');
  if (!response.ok) return;
  const { examples } = await response.json();
  $('examples').replaceChildren(
    ...examples.map((example) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = example.title;
      button.title = example.message;
      button.dataset.example = example.id;
      button.addEventListener('click', () => {
        $('message').value = example.message;
        void submit(example.message);
      });
      return button;
    }),
  );
}

$('ticket-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void submit($('message').value);
});
void loadExamples();
