/**
 * `standin/arbitraries`: fast-check arbitraries of fake answers and scripts, made from the shapes an application hands
 * a model. An entry of its own because its types are fast-check's: `standin/testing` type-checks without fast-check
 * installed. fast-check itself is loaded when the first arbitrary is made (see loadFastCheck).
 */
export { arbitraryAnswer, arbitraryScript } from './testing/arbitraries/arbitraries.js';
export type { ArbitraryOptions } from './testing/arbitraries/arbitraries.js';
export type { AnswerFamily } from './testing/arbitraries/answerFamilies.js';
export type { ShapedRequest, ShapeSources } from './testing/arbitraries/arbitraryShapes.js';
export { toFakeLiteral } from './testing/arbitraries/fakeLiteral.js';
