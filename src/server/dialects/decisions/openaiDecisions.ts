import type { ClassificationAnswer } from '../../../services/classification/ClassificationAnswer.js';
import { ClassificationQuestion } from '../../../services/classification/ClassificationQuestion.js';
import type { ClassificationResponse } from '../../../services/classification/ClassificationResponse.js';
import { checkFields, need } from '../../checkFields.js';
import { classifyWire, type WireClassification } from '../../classifyWire.js';
import { readJson } from '../../readBody.js';
import type { WireContext } from '../../WireContext.js';
import { WireError } from '../../WireError.js';
import { isObject } from '../../wireInput.js';

const known = new Set(['model', 'input', 'questions', 'metadata', 'user']);
const questionKeys = new Set(['type', 'name', 'instructions', 'choices', 'levels']);
const types = { choice: 'choice', score: 'score', predicate: 'yesNo' } as const;

/**
 * `POST /v1/decisions`, OpenAI's Decisions shape: reads `{ model, input, questions }` (a list of
 * `{ type: 'choice' | 'score' | 'predicate', name, instructions, choices? | levels? }`), asks the
 * app's classifier, and answers `{ model, answers, usage }` with `x-request-id`: the answers in
 * the questions' order, each named, a choice's and a score's `probabilities` as lists, a
 * predicate's `probability` the probability of yes. Errors are OpenAI's `{ error }`.
 *
 * @example
 * ```ts
 * await openaiDecisions(context);
 * ```
 */
export async function openaiDecisions(context: WireContext): Promise<void> {
  const asked = readDecisions(readJson(context.body));
  await classifyWire(context, asked, (response) => decisionsBody(response, asked.questions), {
    'x-request-id': context.responseId,
  });
}

function readDecisions(body: Record<string, unknown>): WireClassification {
  checkFields(body, known);
  const list = need(
    Array.isArray(body.questions) && body.questions.length > 0 && (body.questions as unknown[]),
    'questions',
    'a non-empty list of questions',
  );
  const questions: Record<string, ClassificationQuestion> = {};
  const put = (name: string, question: ClassificationQuestion): void => {
    Object.defineProperty(questions, name, { value: question, enumerable: true, writable: true, configurable: true });
  };
  list.forEach((raw, i) => {
    const at = `questions[${i}]`;
    const question = need(
      isObject(raw) && raw,
      at,
      "a question { type: 'choice' | 'score' | 'predicate', name, instructions }",
    );
    checkFields(question, questionKeys, {}, `${at}.`);
    const name = need(typeof question.name === 'string' && question.name, `${at}.name`, 'the question id as a string');
    if (Object.hasOwn(questions, name)) {
      throw new WireError(
        'W0002',
        400,
        `${at}.name is '${name}', the name of an earlier question; name each question once.`,
        { type: 'invalid_request_error', param: `${at}.name`, retry: false },
      );
    }
    const type = need(
      Object.hasOwn(types, question.type as string) && types[question.type as keyof typeof types],
      `${at}.type`,
      "'choice', 'score' or 'predicate'",
    );
    const instructions = instructionsOf(question.instructions);
    if (type === 'choice') {
      const choices = need(
        Array.isArray(question.choices) && (question.choices as unknown[]),
        `${at}.choices`,
        'a list of { value, description? }',
      );
      const criteria: Record<string, unknown> = {};
      choices.forEach((choice, j) => {
        const c = need(
          isObject(choice) && typeof choice.value === 'string' && choice,
          `${at}.choices[${j}]`,
          'an option { value, description? } with value a string',
        );
        criteria[c.value as string] = c.description ?? null;
      });
      put(name, new ClassificationQuestion({ type, instructions, criteria }));
    } else if (type === 'score') {
      const levels = need(
        Array.isArray(question.levels) && (question.levels as unknown[]),
        `${at}.levels`,
        'a list of { label, description? }',
      );
      const criteria = levels.map((level, j) => {
        const l = need(
          isObject(level) && typeof level.label === 'string' && level,
          `${at}.levels[${j}]`,
          'a level { label, description? } with label a string',
        );
        return l.description === undefined ? l.label : { label: l.label, description: l.description };
      });
      put(name, new ClassificationQuestion({ type, instructions, criteria }));
    } else {
      put(name, new ClassificationQuestion({ type, instructions }));
    }
  });
  const model =
    body.model === undefined || body.model === null
      ? undefined
      : need(typeof body.model === 'string' && body.model, 'model', 'the model as a string');
  return { model, state: stateOf(body.input), questions };
}

/** The state the client classified: a text, an object it sent as JSON, or its list of items. */
function stateOf(input: unknown): WireClassification['state'] {
  if (!Array.isArray(input)) return input as WireClassification['state'];
  const json =
    input.length === 1 && isObject(input[0]) && Array.isArray(input[0].content) && input[0].content.length === 1
      ? (input[0].content[0] as unknown)
      : undefined;
  if (isObject(json) && json.type === 'input_json') return json.data as WireClassification['state'];
  return input.map((item: unknown) =>
    isObject(item) && item.role === 'user' && typeof item.content === 'string' ? item.content : item,
  );
}

function instructionsOf(instructions: unknown): ClassificationQuestion['instructions'] {
  if (!Array.isArray(instructions)) return instructions as ClassificationQuestion['instructions'];
  if (instructions.length === 1 && isObject(instructions[0]) && instructions[0].type === 'input_json')
    return instructions[0].data as ClassificationQuestion['instructions'];
  return instructions.map((part: unknown) =>
    isObject(part) && part.type === 'input_text' && typeof part.text === 'string' ? part.text : part,
  );
}

function decisionsBody(
  response: ClassificationResponse,
  questions: Readonly<Record<string, ClassificationQuestion>>,
): unknown {
  const answers = Object.entries(questions).map(([name, question]) =>
    decisionsAnswer(name, question, response.answers[name]!),
  );
  const input = response.usage.inputTokens ?? 0;
  const output = response.usage.outputTokens ?? 0;
  return {
    model: response.model,
    answers,
    usage: {
      input_tokens: input,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: input + output,
    },
  };
}

function decisionsAnswer(name: string, question: ClassificationQuestion, answer: ClassificationAnswer): unknown {
  if (answer.type === 'choice') {
    const probabilities = Object.entries((answer.probabilities ?? {}) as Readonly<Record<string, number>>).map(
      ([value, probability]) => ({ value, probability }),
    );
    return { type: 'choice', name, choice: answer.choice, confidence: answer.confidence ?? 1, probabilities };
  }
  if (answer.type === 'score') {
    const levels = question.criteria as readonly unknown[];
    const probabilities = ((answer.probabilities ?? []) as readonly number[]).map((probability, value) => ({
      label: labelOf(levels[value]),
      value,
      probability,
    }));
    return { type: 'score', name, score: answer.score, confidence: answer.confidence ?? 1, probabilities };
  }
  return { type: 'predicate', name, probability: answer.yesProbability };
}

function labelOf(level: unknown): string {
  return typeof level === 'string' ? level : String((level as { label?: unknown } | undefined)?.label ?? '');
}
