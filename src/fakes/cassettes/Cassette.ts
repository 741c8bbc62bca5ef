import type { Finding } from '../script/Finding.js';
import { StandinError } from '../../errors/StandinError.js';
import type { Answer } from '../model/Answer.js';
import { summarizeAnswer } from '../model/summarizeAnswer.js';
import type { ClassificationScriptEntry } from '../script/scriptEntry.js';
import { scriptEntry } from './CassetteClassifier.js';
import { classifierOf } from './missError.js';
import type { CassetteEntry, RecordedAnswers } from './cassetteSchema.js';
import type { CassetteMode } from './cassetteSettings.js';
import type { CassetteTape } from './CassetteTape.js';
import type { ToolTape } from './ToolTape.js';
import { stableJson } from './stableJson.js';
import { writeFileSafely } from './writeFileSafely.js';
import { textDigest, USAGE_VARIABLE } from './usageLog.js';

/**
 * A recording of real exchanges on a test app, made by `app.cassette(path, settings)`: it stands in for every
 * configured model's provider and for the classifier. Replay answers from the file; record calls the real adapters and
 * keeps every exchange; record-missing does what fits. Call `save()` after the tests (it writes only when something was
 * recorded) and `verify()` to find recordings the tests no longer use.
 *
 * @example
 * ```ts
 * const app = createTestApp(config);
 * const cassette = app.cassette('test/cassettes/helpdesk.json');
 * afterAll(() => cassette.save());
 * it('answers', async () => {
 *   expect((await app.reply('writer', { messages: 'Hello' })).text).toBe('Hi! How can I help?');
 * });
 * ```
 */
export class Cassette {
  readonly #tape: CassetteTape;
  readonly #tools: ToolTape | undefined;
  #saving: Promise<void> = Promise.resolve();

  /** `tools` keeps the tool runs, for a cassette with `tools: true`. */
  constructor(tape: CassetteTape, tools?: ToolTape) {
    this.#tape = tape;
    this.#tools = tools;
  }

  /** The mode in force: the settings' mode, or `STANDIN_CASSETTES` when it is set. */
  get mode(): CassetteMode {
    return this.#tape.mode;
  }

  /** The cassette's file. */
  get path(): string {
    return this.#tape.path;
  }

  /** The entries as `save()` would write them: the file's kept entries, then this run's recordings. */
  get entries(): readonly CassetteEntry[] {
    return this.#tape.file().entries;
  }

  /**
   * Writes the cassette to its file, when this run recorded anything (in replay it never
   * writes): keys sorted, two-space JSON, a trailing newline, through a temporary file renamed
   * over the old one. Saves made at once are written one after another, the last whole.
   *
   * @throws {StandinError} `V0003` when the file cannot be written.
   */
  save(): Promise<void> {
    const run = this.#saving.then(async () => {
      if (!this.#tape.changed) return;
      const text = stableJson(this.#tape.file());
      await writeFileSafely(this.#tape.path, text);
      this.#tape.usage?.saved(textDigest(text), this.#tape.keptCount);
    });
    this.#saving = run.catch(() => undefined);
    return run;
  }

  /**
   * Throws `V0005`, listing them, when entries of the file were never replayed: the app asked less than when it was
   * recorded; with `tools: true`, `V0022` when only tool runs of entries that were replayed never were. In record mode,
   * where the file's entries are replaced, it finds nothing.
   */
  async verify(): Promise<void> {
    const unused = this.#tape.unreplayed();
    const runs = (this.#tools?.findings() ?? []).filter((finding) => finding.code === 'V0022');
    if (unused.length === 0 && runs.length === 0) return;
    const lines = unused.map(({ position, entry }) => `  ${unreplayedLine(position, entry)}`);
    const what =
      unused.length === 0
        ? ''
        : `${unused.length} recorded entr${unused.length === 1 ? 'y was' : 'ies were'} never replayed:\n${lines.join('\n')}\n`;
    const tools =
      runs.length === 0 ? '' : `${runs.length} tool run${runs.length === 1 ? ' was' : 's were'} never replayed:\n`;
    throw new StandinError(
      unused.length > 0 ? 'V0005' : 'V0022',
      `Cassette ${this.#tape.path}: ${what}${tools}${runs.map((finding) => `  ${finding.line}\n`).join('')}` +
        (unused.length === 0
          ? ''
          : `Remove them with \`standin cassettes prune\` (run the tests with ${USAGE_VARIABLE}=<file> ` +
            `first; your hand edits of the other entries stay), or by hand.`) +
        (runs.length === 0
          ? ''
          : `${unused.length === 0 ? '' : ' '}Remove the tool runs from their entry's tools by hand (prune keeps ` +
            `an entry whole).`),
    );
  }

  /**
   * What {@link verify} would fail on, one finding per entry (or tool run) never replayed, without throwing; and the
   * errors tool calls raised (`V0020`, `V0021`), which the app may have caught.
   */
  async findings(): Promise<readonly Finding[]> {
    const entries = this.#tape.unreplayed().map(({ position, entry }): Finding => ({
      scope: '',
      code: 'V0005',
      line: `${unreplayedLine(position, entry)} never replayed`,
    }));
    return this.#tools === undefined ? entries : [...entries, ...this.#tools.findings()];
  }

  /**
   * The recorded reply answers of `model`, in the file's order: a list of answers for
   * `app.fake(model, answers)`, to edit by hand or to run without the cassette.
   *
   * @example
   * ```ts
   * app.fake('writer', cassette.answers('writer'));
   * ```
   */
  answers(model: string): Answer[] {
    // An entry written with a when gives it to its answer: the list chooses as the cassette did.
    return this.entries.flatMap((entry) =>
      entry.call === 'reply' && entry.model === model
        ? [entry.when === undefined ? entry.answer : { ...entry.answer, when: entry.when }]
        : [],
    );
  }

  /**
   * The recorded classify answers of the classifier, in the file's order, as a FakeClassifier script for
   * `app.fakeClassifier(script)`; given `fallback`, those of the config's `classifier.fallback[fallback]` instead.
   *
   * @example
   * ```ts
   * app.fakeClassifier(cassette.script());
   * ```
   */
  script(fallback?: number): ClassificationScriptEntry[] {
    return this.entries.flatMap((entry) =>
      entry.call === 'classify' && entry.fallback === fallback
        ? [scriptEntry(entry.answer as RecordedAnswers['classify'])]
        : [],
    );
  }
}

function unreplayedLine(position: number, entry: CassetteEntry): string {
  return (
    `entries[${position}] ` +
    `${entry.model === undefined ? classifierOf(entry.fallback) : `${entry.model} ${entry.call}`} ${describe(entry)}`
  );
}

function describe(entry: CassetteEntry): string {
  if (entry.call === 'reply') {
    const answer = summarizeAnswer(entry.answer);
    return entry.when === undefined ? answer : `${answer} (when ${JSON.stringify(entry.when)})`;
  }
  const text = JSON.stringify(entry.answer);
  return text.length <= 60 ? text : `${text.slice(0, 59)}…`;
}
