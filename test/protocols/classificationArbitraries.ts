import fc from 'fast-check';
import type {
  AskedQuestion,
  Classification,
  Classified,
  ClassifiedAnswer,
  ClassifiedState,
  Instructions,
} from '../../src/protocols/Classification.js';

/*
 * Classification requests and replies in the protocols' canonical form, for the round-trip
 * properties of every classification protocol. What a protocol's wire carries differs (a yes-no
 * question's labels, a state list's items, a score's legend); a protocol's test says what it
 * carries as a {@link ClassificationWire}.
 */

/** A key: an id, an option name, an object's field. `__proto__` is none (no JSON object can hold it as data here). */
export const key = fc.string({ minLength: 1, maxLength: 10 }).filter((name) => name !== '__proto__');

/** A JSON value as it comes back from JSON text: no `-0`, no `__proto__` keys. */
export const json: fc.Arbitrary<unknown> = fc
  .jsonValue({ maxDepth: 2 })
  .map(
    (value) =>
      JSON.parse(JSON.stringify(value), (name, inner: unknown) =>
        name === '__proto__' ? undefined : inner,
      ) as unknown,
  );

/** A JSON object of a few fields. */
export const jsonObject: fc.Arbitrary<Record<string, unknown>> = fc
  .dictionary(key, json, { maxKeys: 3 })
  .map((value) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>);

/** A probability, from 0 to 1. */
export const probability = fc.double({ min: 0, max: 1, noNaN: true }).map((value) => value + 0);

/** What one classification protocol's wire carries. */
export interface ClassificationWire {
  readonly state: fc.Arbitrary<ClassifiedState>;
  readonly instructions: fc.Arbitrary<Instructions>;
  /** A choice option's description. */
  readonly description: fc.Arbitrary<unknown>;
  /** A score level. */
  readonly level: fc.Arbitrary<unknown>;
  /** What a yes-no question says yes and no mean, or null. */
  readonly labels: fc.Arbitrary<{ readonly true?: string; readonly false?: string } | null>;
  /** The fewest options a choice question has. */
  readonly minOptions: number;
}

function question(wire: ClassificationWire): fc.Arbitrary<AskedQuestion> {
  const choice = fc.record({
    type: fc.constant('choice' as const),
    instructions: wire.instructions,
    criteria: fc
      .uniqueArray(key, { minLength: wire.minOptions, maxLength: 6 })
      .chain((options) => fc.tuple(...options.map((option) => fc.tuple(fc.constant(option), wire.description))))
      .map((entries) => Object.fromEntries(entries)),
  });
  const score = fc.record({
    type: fc.constant('score' as const),
    instructions: wire.instructions,
    criteria: fc.array(wire.level, { minLength: 2, maxLength: 5 }),
  });
  const yesNo = fc.record({
    type: fc.constant('yesNo' as const),
    instructions: wire.instructions,
    criteria: wire.labels,
  });
  return fc.oneof(choice, score, yesNo);
}

/** A classification request: a model, a state and one to four questions. */
export function classification(wire: ClassificationWire): fc.Arbitrary<Required<Classification>> {
  const questions = fc
    .uniqueArray(key, { minLength: 1, maxLength: 4 })
    .chain((ids) => fc.tuple(...ids.map((id) => fc.tuple(fc.constant(id), question(wire)))))
    .map((entries) => Object.fromEntries(entries));
  return fc.record({ model: fc.string({ minLength: 1, maxLength: 12 }), state: wire.state, questions });
}

/** An answer that fits `question`: a score's legend is its levels. */
export function answerFor(question: AskedQuestion): fc.Arbitrary<ClassifiedAnswer> {
  if (question.type === 'choice') {
    const options = Object.keys(question.criteria ?? {});
    return fc.record({
      type: fc.constant('choice' as const),
      choice: fc.constantFrom(...options),
      probabilities: fc
        .tuple(...options.map(() => probability))
        .map((ps) => Object.fromEntries(options.map((option, i) => [option, ps[i]!]))),
      confidence: probability,
    });
  }
  if (question.type === 'score') {
    const levels = question.criteria as readonly unknown[];
    return fc.record({
      type: fc.constant('score' as const),
      score: fc.double({ min: 0, max: levels.length - 1, noNaN: true }).map((value) => value + 0),
      probabilities: fc.tuple(...levels.map(() => probability)),
      legend: fc.constant(levels),
      confidence: probability,
    });
  }
  return fc.record({ type: fc.constant('yesNo' as const), yesProbability: probability });
}

/** What a protocol's replies carry beside the answers. */
export interface ReplyWire {
  /** Whether a question may be refused. */
  readonly refusals: boolean;
  /** Whether the reply gives its own total of tokens (else the total is the sum). */
  readonly total: boolean;
}

/** A reply to `questions`: an answer to each (or, where the wire has them, a refusal), a model, the usage. */
export function classified(
  questions: Readonly<Record<string, AskedQuestion>>,
  wire: ReplyWire,
): fc.Arbitrary<Classified> {
  const ids = Object.keys(questions);
  const refused = wire.refusals ? fc.subarray(ids) : fc.constant([] as string[]);
  const tokens = fc.nat({ max: 100_000 });
  return fc
    .record({
      model: fc.string({ minLength: 1, maxLength: 12 }),
      refused,
      answers: fc.tuple(...ids.map((id) => answerFor(questions[id]!))),
      input: tokens,
      output: tokens,
      total: tokens,
    })
    .map(({ model, refused: declined, answers, input, output, total }) => ({
      model,
      answers: Object.fromEntries(ids.flatMap((id, i) => (declined.includes(id) ? [] : [[id, answers[i]!]]))),
      refused: ids.filter((id) => declined.includes(id)),
      usage: { inputTokens: input, outputTokens: output, totalTokens: wire.total ? total : input + output },
    }));
}
