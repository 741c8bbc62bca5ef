import type { AskedQuestion, Classification } from '../Classification.js';
import { UnsendableClassification } from '../classificationFaults.js';
import { readShape } from '../readShape.js';
import { refused } from '../WireFault.js';
import { SYSTEMONE_LEVELS, SYSTEMONE_MAX_OPTIONS, systemoneBody, type SystemoneBody } from './systemoneShapes.js';

/** The System One name of each question type: a yes-no question is a `noul`. */
export const systemoneTypes = { choice: 'choice', score: 'score', yesNo: 'noul' } as const;

const questionTypes = { choice: 'choice', score: 'score', noul: 'yesNo' } as const;

/**
 * The `POST /v1/systemone` body. Throws {@link UnsendableClassification} before anything is sent for more than 255
 * options, more than 10 levels, or a state list of anything but texts.
 */
export function writeSystemone(asked: Classification): SystemoneBody {
  const ids = Object.keys(asked.questions);
  for (const id of [...ids].sort()) {
    const question = asked.questions[id]!;
    if (question.type === 'choice') {
      const options = Object.keys(question.criteria ?? {}).length;
      if (options > SYSTEMONE_MAX_OPTIONS) {
        throw new UnsendableClassification(
          `question '${id}' has ${options} options, and TypeSafe takes at most ${SYSTEMONE_MAX_OPTIONS} per choice ` +
            `question. Split it into questions of ${SYSTEMONE_MAX_OPTIONS} options or fewer.`,
          { question: id, limit: SYSTEMONE_MAX_OPTIONS },
        );
      }
    } else if (question.type === 'score') {
      const levels = (question.criteria as readonly unknown[]).length;
      if (levels > SYSTEMONE_LEVELS.max) {
        throw new UnsendableClassification(
          `question '${id}' has ${levels} levels, and TypeSafe takes ${SYSTEMONE_LEVELS.min} to ` +
            `${SYSTEMONE_LEVELS.max} per score question. Merge levels until ${SYSTEMONE_LEVELS.max} or fewer are left.`,
          { question: id, limit: SYSTEMONE_LEVELS.max },
        );
      }
    }
  }
  const { state } = asked;
  if (Array.isArray(state)) {
    const at = state.findIndex((item) => typeof item !== 'string');
    if (at !== -1) {
      throw new UnsendableClassification(
        `state[${at}] is not a text: TypeSafe takes a state as a text, an object, or a list of texts. Write the ` +
          `list's items as strings, or send an object.`,
        { field: 'state', index: at },
      );
    }
  }
  // Built from entries: an id is a key like any other, never the object's prototype.
  const questions = Object.fromEntries(ids.map((id) => [id, wireQuestion(asked.questions[id]!)]));
  return {
    state: state as SystemoneBody['state'],
    ...(asked.model === undefined ? {} : { model: asked.model }),
    questions,
  };
}

function wireQuestion(question: AskedQuestion): SystemoneBody['questions'][string] {
  return {
    type: systemoneTypes[question.type],
    instructions: question.instructions,
    ...(question.criteria === null ? {} : { criteria: question.criteria }),
  } as SystemoneBody['questions'][string];
}

/** Reads a System One body (`noul` is yes-no); a `refused` {@link WireFault} names the first field at fault. */
export function readSystemone(value: unknown): Classification {
  const body = readShape(systemoneBody, value);
  // zod leaves an id `__proto__` out of the questions it reads: refused, rather than silently unasked.
  const given = (value as { questions: object }).questions;
  if (Object.hasOwn(given, '__proto__'))
    throw refused(['questions', '__proto__'], "a question id cannot be '__proto__'; name the question otherwise.");
  const questions = Object.fromEntries(
    Object.entries(body.questions).map(([id, question]): [string, AskedQuestion] => [
      id,
      { type: questionTypes[question.type], instructions: question.instructions, criteria: question.criteria ?? null },
    ]),
  );
  return { model: body.model ?? undefined, state: body.state, questions };
}
