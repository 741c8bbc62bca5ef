import type {
  Experimental_DecisionModelV4Input as Input,
  Experimental_DecisionModelV4Question as DecisionQuestion,
  Experimental_DecisionModelV4State as DecisionState,
  JSONValue,
} from '@ai-sdk/provider';
import { StandinError } from '../errors/StandinError.js';
import { ClassificationQuestion } from '../services/classification/ClassificationQuestion.js';
import type { ClassificationState } from '../services/classification/ClassificationRequest.js';

/**
 * A standin classification state as an AI SDK decision state: a text as one text part, JSON (an
 * object or a list) as one json part.
 */
export function toDecisionState(state: ClassificationState): DecisionState {
  return typeof state === 'string' ? [{ type: 'text', text: state }] : [{ type: 'json', value: state as JSONValue }];
}

/**
 * An AI SDK decision state as a standin classification state: one text part as its text, one json
 * part holding an object or a list as that value, several parts as the list of their texts and
 * values. A file part has no place in standin's state, which is text and JSON: `A0020`.
 */
export function fromDecisionState(state: DecisionState): ClassificationState {
  const values = state.map((part, index) => {
    if (part.type === 'text') return part.text;
    if (part.type === 'json') return part.value;
    throw new StandinError(
      'A0020',
      `state[${index}] is a ${String(part.type)} part, and a standin classifier reads a state of text and JSON only. ` +
        `Describe the file in a text part, or classify it with a model that reads files.`,
    );
  });
  const [only] = values;
  if (values.length === 1 && (typeof only === 'string' || (typeof only === 'object' && only !== null))) {
    return only as ClassificationState;
  }
  return values;
}

/**
 * A standin question as an AI SDK decision question: a choice as `choice`, a score as `score`, a
 * yes-no as `boolean`, with the same instructions and criteria.
 */
export function toDecisionQuestion(question: ClassificationQuestion): DecisionQuestion {
  const instructions = question.instructions as Input;
  if (question.type === 'choice')
    return { type: 'choice', instructions, criteria: question.criteria as Record<string, Input | null> };
  if (question.type === 'score') return { type: 'score', instructions, criteria: question.criteria as Input[] };
  return { type: 'boolean', instructions, criteria: question.criteria as { true?: string; false?: string } | null };
}

/**
 * An AI SDK decision question as a standin question: `choice`, `score` and `boolean` (as a yes-no,
 * its labels as texts). standin's questions always say what they ask, and it has no box: a
 * question without instructions, or a `box` question, is `A0021`.
 */
export function fromDecisionQuestion(id: string, question: DecisionQuestion): ClassificationQuestion {
  if (question.type === 'box') {
    throw new StandinError(
      'A0021',
      `Question '${id}' is a box question, and a standin classifier answers choice, score and boolean (yes-no) ` +
        `questions only. Ask it of a model that locates things in images.`,
    );
  }
  const instructions = question.instructions;
  if (instructions === undefined || instructions === null || instructions === '') {
    throw new StandinError(
      'A0021',
      `Question '${id}' has no instructions, and a standin classifier's questions always say what they ask. Give ` +
        `the question instructions, such as 'Which team should handle this?'.`,
    );
  }
  if (question.type === 'choice')
    return new ClassificationQuestion({ type: 'choice', instructions, criteria: { ...question.criteria } });
  if (question.type === 'score')
    return new ClassificationQuestion({ type: 'score', instructions, criteria: [...question.criteria] });
  const labels: { true?: string; false?: string } = {};
  for (const side of ['true', 'false'] as const) {
    const label = question.criteria?.[side];
    if (label !== undefined && label !== null) labels[side] = typeof label === 'string' ? label : JSON.stringify(label);
  }
  return new ClassificationQuestion({
    type: 'yesNo',
    instructions,
    ...(Object.keys(labels).length > 0 ? { criteria: labels } : {}),
  });
}
