import { formatPath } from '../../validation/formatPath.js';
import type { ClassificationProblem } from './validateClassificationRequest.js';

/** One line per problem of a classification request: the exact path, the reason, and what to write there instead. */
export function describeProblems(root: string, problems: readonly ClassificationProblem[]): string[] {
  return problems.map((problem) => `${formatPath(root, problem.path)}: ${problem.reason}. ${fix(problem)}`);
}

function fix({ path, reason }: ClassificationProblem): string {
  const field = path.length === 0 ? 'request' : path.length === 3 ? path[2] : path.length === 4 ? 'option' : path[0];
  const json =
    'Use plain JSON data: no functions, cycles, NaN or Infinity, class instances or broken (lone surrogate) strings.';
  switch (`${field}:${reason}`) {
    case 'request:invalid_shape':
      return 'Pass a new ClassificationRequest({ state, questions }).';
    case 'questions:invalid_shape':
      return (
        'Write questions as a record of question id -> ClassificationQuestion, such as { team: ' +
        'ClassificationQuestion.choice(...) }.'
      );
    case 'questions:empty':
      return 'Ask at least one question: { team: ClassificationQuestion.choice(...) }.';
    case 'state:empty':
      return 'Give a non-empty text, object or list to classify.';
    case 'state:invalid_shape':
      return 'Give the state as a string, a plain object or a list.';
    case 'state:not_json_encodable':
    case 'instructions:not_json_encodable':
    case 'criteria:not_json_encodable':
      return json;
    case 'model:invalid_shape':
      return "Name the model as a string, or leave it out for the classifier's default.";
    case 'questions:invalid_id':
      return "Give each question a non-empty string id other than '__proto__'.";
    case 'questions:invalid_question':
      return 'Build the question with ClassificationQuestion.choice, .score or .yesNo.';
    case 'type:invalid_type':
      return "A question's type is 'choice', 'score' or 'yesNo'.";
    case 'instructions:empty':
      return 'Say what the question asks, as a non-empty string (or structured JSON).';
    case 'instructions:invalid_shape':
      return 'Write the instructions as a string, a plain object or a list.';
    case 'criteria:invalid_shape':
      return (
        'A choice takes a record of option -> description, a score a list of levels, a yes-no { true?, false? } ' +
        'or nothing.'
      );
    case 'criteria:empty':
      return 'Give a choice at least one option, and a score at least two levels.';
    case 'criteria:too_few_levels':
      return 'Give a score at least two levels: a single level always scores 0.';
    case 'option:invalid_option':
      return 'Name each option with a non-empty string.';
    default:
      return 'Correct this field.';
  }
}
