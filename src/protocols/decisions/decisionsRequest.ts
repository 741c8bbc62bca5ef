import { shown } from '../answerReading.js';
import type { AskedQuestion, Classification, ClassifiedState, Instructions } from '../Classification.js';
import { UnsendableClassification } from '../classificationFaults.js';
import { readShape } from '../readShape.js';
import { refused } from '../WireFault.js';
import { DECISIONS_CHOICES, DECISIONS_MAX_QUESTIONS, decisionsBody, type DecisionsBody } from './decisionsShapes.js';

/** The Decisions name of each question type: a yes-no question is a `predicate`. */
export const decisionsTypes = { choice: 'choice', score: 'score', yesNo: 'predicate' } as const;

const questionTypes = { choice: 'choice', score: 'score', predicate: 'yesNo' } as const;

type WireQuestion = DecisionsBody['questions'][number];

/**
 * The body of `POST /v1/decisions` for a classification: `{ model, input, questions }`.
 *
 * - `input` is the state: a text as it is; an object as one user message holding it as JSON
 *   (`input_json`); a list item by item, a text as a user message and an object as an input item
 *   written in the API's own shape (a message, a `function_call`, ...).
 * - `questions` is a list in the classification's order, each named by its id: a yes-no question
 *   is a `predicate`; a choice lists `choices: [{ value, description? }]`; a score lists
 *   `levels: [{ label, description? }]` (a level is a text, or `{ label, description? }` of texts).
 * - instructions: a text as it is, an object as one `input_json` part, a list part by part (a text
 *   as an `input_text` part, an object as written).
 *
 * Throws {@link UnsendableClassification}, before anything is sent: more than 400 questions; a choice of fewer than 2
 * or more than 255 options; a yes-no question that says what yes and no mean (a predicate takes instructions only); an
 * option description or a level the wire cannot carry; a state list item that is neither a text nor an object.
 */
export function writeDecisions(asked: Classification): DecisionsBody {
  const ids = Object.keys(asked.questions);
  if (ids.length > DECISIONS_MAX_QUESTIONS) {
    throw new UnsendableClassification(
      `the request asks ${ids.length} questions, and the Decisions API takes 1 to ${DECISIONS_MAX_QUESTIONS} per ` +
        `request. Split them over requests of ${DECISIONS_MAX_QUESTIONS} or fewer.`,
      { field: 'questions', limit: DECISIONS_MAX_QUESTIONS },
    );
  }
  for (const id of [...ids].sort()) {
    const question = asked.questions[id]!;
    if (question.type !== 'choice') continue;
    const options = Object.keys(question.criteria ?? {}).length;
    const { min, max } = DECISIONS_CHOICES;
    const limit = options < min ? min : options > max ? max : undefined;
    if (limit !== undefined) {
      throw new UnsendableClassification(
        `question '${id}' has ${options} option${options === 1 ? '' : 's'}, and the Decisions API takes ${min} to ` +
          `${max} per choice question. ` +
          (limit === min
            ? 'Add an option, or ask a yes-no question instead.'
            : `Split it into questions of ${max} options or fewer.`),
        { question: id, limit },
      );
    }
  }
  const input = wireInput(asked.state);
  const questions = ids.map((id) => wireQuestion(id, asked.questions[id]!));
  return { ...(asked.model === undefined ? {} : { model: asked.model }), input, questions };
}

function wireInput(state: ClassifiedState): DecisionsBody['input'] {
  if (typeof state === 'string') return state;
  if (!Array.isArray(state)) return [{ role: 'user', content: [{ type: 'input_json', data: state as never }] }];
  return state.map((item: unknown, index) => {
    if (typeof item === 'string') return { role: 'user' as const, content: item };
    if (isRecord(item)) return item as never;
    throw new UnsendableClassification(
      `state[${index}] is ${shown(item)}: in a state list the Decisions API takes texts (each sent as a user ` +
        `message) and input items written in its own shape, such as { role: 'user', content: '...' }.`,
      { field: 'state', index },
    );
  });
}

function wireQuestion(id: string, question: AskedQuestion): WireQuestion {
  const instructions = wireInstructions(question.instructions);
  if (question.type === 'choice') {
    const choices = Object.entries(question.criteria ?? {}).map(([value, description]) => {
      if (description === null || description === undefined) return { value };
      if (typeof description === 'string') return { value, description };
      throw new UnsendableClassification(
        `question '${id}': the description of option '${value}' is ${shown(description)}, and the Decisions API ` +
          `takes a text. Write it as a string, or null for none.`,
        { question: id, option: value },
      );
    });
    return { type: 'choice', name: id, instructions, choices };
  }
  if (question.type === 'score') {
    const levels = (question.criteria as readonly unknown[]).map((level, index) => {
      if (typeof level === 'string') return { label: level };
      if (isLevel(level))
        return level.description === undefined
          ? { label: level.label }
          : { label: level.label, description: level.description };
      throw new UnsendableClassification(
        `question '${id}': level ${index} is ${shown(level)}, and the Decisions API takes a level as a text (its ` +
          `label) or { label, description? } of texts.`,
        { question: id, level: index },
      );
    });
    return { type: 'score', name: id, instructions, levels };
  }
  const labels = question.criteria as { true?: unknown; false?: unknown } | null;
  if (labels !== null && (labels.true !== undefined || labels.false !== undefined)) {
    throw new UnsendableClassification(
      `question '${id}' says what yes and no mean, and the Decisions API's predicate questions take instructions ` +
        `only. Say it in the instructions instead.`,
      { question: id, field: 'criteria' },
    );
  }
  return { type: 'predicate', name: id, instructions };
}

function wireInstructions(instructions: Instructions): WireQuestion['instructions'] {
  if (typeof instructions === 'string') return instructions;
  if (!Array.isArray(instructions)) return [{ type: 'input_json', data: instructions as never }];
  return instructions.map((part: unknown) =>
    typeof part === 'string' ? { type: 'input_text', text: part } : part,
  ) as never;
}

/**
 * Reads a Decisions body into the classification it asks for, each question keyed by its name: a predicate is a yes-no
 * question; a choice's values its options (a description, or null); a score's levels its levels (a label, or `{ label,
 * description }`). The input becomes the state and each question's parts its instructions, as {@link writeDecisions}
 * wrote them. Throws a {@link WireFault} `refused` naming the first field at fault, a name given to two questions, and
 * a value given to two options of one question.
 */
export function readDecisions(value: unknown): Classification {
  const body = readShape(decisionsBody, value);
  const seen = new Set<string>();
  const questions = body.questions.map((question, i): [string, AskedQuestion] => {
    if (seen.has(question.name)) {
      throw refused(
        ['questions', i, 'name'],
        `questions[${i}].name is '${question.name}', the name of an earlier question; name each question once.`,
      );
    }
    seen.add(question.name);
    return [question.name, askedOf(question, i)];
  });
  // Built from entries: a name is a key like any other, never the object's prototype.
  return { model: body.model ?? undefined, state: stateOf(body.input), questions: Object.fromEntries(questions) };
}

function askedOf(question: WireQuestion, index: number): AskedQuestion {
  const type = questionTypes[question.type];
  const instructions = instructionsOf(question.instructions);
  if (question.type === 'choice') {
    const values = question.choices.map((choice) => choice.value);
    const twice = values.findIndex((value, j) => values.indexOf(value) !== j);
    if (twice !== -1) {
      throw refused(
        ['questions', index, 'choices', twice, 'value'],
        `questions[${index}].choices[${twice}].value is '${values[twice]!}', the value of an earlier choice; each ` +
          `choice must be unique.`,
      );
    }
    const criteria = Object.fromEntries(question.choices.map((choice) => [choice.value, choice.description ?? null]));
    return { type, instructions, criteria };
  }
  if (question.type === 'score') {
    const criteria = question.levels.map((level) =>
      level.description === undefined ? level.label : { label: level.label, description: level.description },
    );
    return { type, instructions, criteria };
  }
  return { type, instructions, criteria: null };
}

/** The state a client classified: a text, an object it sent as JSON, or its list of items. */
function stateOf(input: DecisionsBody['input']): ClassifiedState {
  if (typeof input === 'string') return input;
  const only = input.length === 1 ? input[0] : undefined;
  if (only !== undefined && 'role' in only && only.role === 'user' && Array.isArray(only.content)) {
    const part = only.content.length === 1 ? only.content[0] : undefined;
    if (part?.type === 'input_json' && !Array.isArray(part.data)) return part.data;
  }
  return input.map((item) =>
    'role' in item && item.role === 'user' && typeof item.content === 'string' && item.type === undefined
      ? item.content
      : item,
  );
}

function instructionsOf(instructions: WireQuestion['instructions']): Instructions {
  if (typeof instructions === 'string') return instructions;
  const only = instructions.length === 1 ? instructions[0] : undefined;
  if (only?.type === 'input_json' && !Array.isArray(only.data)) return only.data;
  return instructions.map((part) => (part.type === 'input_text' ? part.text : part));
}

function isLevel(level: unknown): level is { label: string; description?: string } {
  if (!isRecord(level) || typeof level.label !== 'string') return false;
  return Object.keys(level).every(
    (key) =>
      key === 'label' ||
      (key === 'description' && (level.description === undefined || typeof level.description === 'string')),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
