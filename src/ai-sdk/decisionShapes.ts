import type {
  Experimental_DecisionModelV4Input as Input,
  Experimental_DecisionModelV4Question as DecisionQuestion,
  Experimental_DecisionModelV4State as DecisionState,
  JSONValue,
} from '@ai-sdk/provider';
import { StandinError } from '../errors/StandinError.js';
import { ClassificationQuestion } from '../services/classification/ClassificationQuestion.js';
import type { ClassificationState } from '../services/classification/ClassificationRequest.js';

/** A state as a decision state: a text one text part, JSON one json part. */
export function toDecisionState(state: ClassificationState): DecisionState {
  return typeof state === 'string' ? [{ type: 'text', text: state }] : [{ type: 'json', value: state as JSONValue }];
}

/** A decision state as standin's; a file part has no place in a state of text and JSON (`A0020`). */
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

/** A question as a decision question (a yes-no as `boolean`). */
export function toDecisionQuestion(question: ClassificationQuestion): DecisionQuestion {
  const instructions = question.instructions as Input;
  if (question.type === 'choice')
    return { type: 'choice', instructions, criteria: question.criteria as Record<string, Input | null> };
  if (question.type === 'score') return { type: 'score', instructions, criteria: question.criteria as Input[] };
  return { type: 'boolean', instructions, criteria: question.criteria as { true?: string; false?: string } | null };
}

/** A decision question as standin's; one without instructions, or a `box`, is `A0021`. */
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
