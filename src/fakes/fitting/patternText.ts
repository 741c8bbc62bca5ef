import type { Draws } from './draws.js';
import { NoFit } from './NoFit.js';
import { patternTree, type PatternNode } from './patternTree.js';

/** Plain letters first, so a made text reads as a word. */
const CHARACTERS = [
  ...'abcdefghijklmnopqrstuvwxyz',
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ...'0123456789',
  ...' -_.@:/+',
  ...'!"#$%&\'()*,;<=>?[\\]^`{|}~',
  'é',
  'ß',
  'Ж',
  '中',
  '😀',
  '🇦',
  '\u20e3',
  '\u200d',
  '\ufe0f',
  '\t',
  '\n',
];

/** The longest text a pattern is made into, in characters. */
export const MAX_TEXT = 10_000;

/**
 * Texts that match a read pattern: the shortest first, stretched toward `want` where a repeat allows; drawn with
 * `draws`.
 */
export class PatternText {
  /** Each class's test of one character, made once. */
  readonly #classes = new Map<string, (character: string) => boolean>();
  /** The fewest characters each node makes, found once. */
  readonly #least = new WeakMap<PatternNode, number>();
  /** Each pattern read, once. */
  readonly #trees = new Map<string, PatternNode>();
  readonly #path: string;

  constructor(path: string) {
    this.#path = path;
  }

  /** `pattern`, read (see {@link patternTree}). */
  tree(pattern: string, path: string): PatternNode {
    let tree = this.#trees.get(pattern);
    if (tree === undefined) {
      tree = patternTree(pattern, path);
      this.#trees.set(pattern, tree);
    }
    return tree;
  }

  /** A text `tree` matches (before the pattern's assertions are tested), of about `want` characters or more. */
  make(tree: PatternNode, want: number, draws?: Draws): string {
    const state: State = { need: want, groups: new Map(), draws, length: 0 };
    return this.#make(tree, state);
  }

  #make(node: PatternNode, state: State): string {
    switch (node.kind) {
      case 'empty':
        return '';
      case 'text':
        return this.#grow(state, node.text);
      case 'class':
        return this.#grow(state, this.#character(node.source, state.draws));
      case 'seq':
        return node.items.map((item) => this.#make(item, state)).join('');
      case 'alt': {
        const option =
          state.draws === undefined
            ? this.#shortest(node.options)
            : node.options[state.draws.int(0, node.options.length - 1)]!;
        return this.#make(option, state);
      }
      case 'group': {
        const text = this.#make(node.node, state);
        state.groups.set(node.index, text);
        if (node.name !== undefined) state.groups.set(node.name, text);
        return text;
      }
      case 'ref':
        return this.#grow(state, state.groups.get(node.index ?? node.name ?? '') ?? '');
      case 'repeat':
        return this.#repeat(node, state);
    }
  }

  #repeat(node: Extract<PatternNode, { kind: 'repeat' }>, state: State): string {
    const least = this.#leastLength(node.node);
    if (node.min * least > MAX_TEXT) {
      throw new NoFit('T0141', this.#path, `the pattern repeats a part ${node.min} times, past ${MAX_TEXT} characters`);
    }
    let count = node.min;
    const top = Math.min(node.max, node.min + MAX_TEXT);
    if (state.draws !== undefined) count = state.draws.int(node.min, Math.min(top, node.min + 3));
    let text = '';
    for (let i = 0; i < count; i++) text += this.#make(node.node, state);
    // Stretched toward the length wanted, where the repeat allows more and each more adds something.
    while (state.need > 0 && count < top && state.length < MAX_TEXT) {
      const more = this.#make(node.node, state);
      if (more === '') break;
      text += more;
      count++;
    }
    return text;
  }

  #grow(state: State, text: string): string {
    const length = [...text].length;
    state.need -= length;
    state.length += length;
    if (state.length > MAX_TEXT) {
      throw new NoFit('T0141', this.#path, `the pattern makes a text longer than ${MAX_TEXT} characters`);
    }
    return text;
  }

  #character(source: string, draws: Draws | undefined): string {
    const test = this.#classTest(source);
    if (draws === undefined) {
      const first = CHARACTERS.find(test);
      if (first !== undefined) return first;
    } else {
      const matching = CHARACTERS.filter(test);
      if (matching.length > 0) return matching[draws.int(0, matching.length - 1)]!;
    }
    throw new NoFit('T0140', this.#path, `no character fitting makes matches ${source}`);
  }

  #classTest(source: string): (character: string) => boolean {
    let test = this.#classes.get(source);
    if (test === undefined) {
      const expression = classExpression(source);
      if (expression === undefined) {
        throw new NoFit('T0142', this.#path, `the pattern's class ${source} is no regular expression`);
      }
      test = (character) => expression.test(character);
      this.#classes.set(source, test);
    }
    return test;
  }

  /** The option that makes the shortest text, the first of equals. */
  #shortest(options: readonly PatternNode[]): PatternNode {
    let best = options[0]!;
    let least = Infinity;
    for (const option of options) {
      const length = this.#leastLength(option);
      if (length < least) [best, least] = [option, length];
    }
    return best;
  }

  /** The fewest characters a node makes (a back reference counts none). */
  #leastLength(node: PatternNode): number {
    let least = this.#least.get(node);
    if (least !== undefined) return least;
    switch (node.kind) {
      case 'empty':
      case 'ref':
        least = 0;
        break;
      case 'text':
        least = [...node.text].length;
        break;
      case 'class':
        least = 1;
        break;
      case 'seq':
        least = node.items.reduce((sum, item) => sum + this.#leastLength(item), 0);
        break;
      case 'alt':
        least = Math.min(...node.options.map((option) => this.#leastLength(option)));
        break;
      case 'group':
        least = this.#leastLength(node.node);
        break;
      case 'repeat':
        least = node.min === 0 ? 0 : node.min * this.#leastLength(node.node);
        break;
    }
    this.#least.set(node, least);
    return least;
  }
}

interface State {
  /** How many characters are still wanted beyond what is made. */
  need: number;
  /** The text each group made last, by number and by name. */
  readonly groups: Map<number | string, string>;
  readonly draws: Draws | undefined;
  /** How many characters are made so far. */
  length: number;
}

/** One character's test of a class (`[a-z]`, `\d`, `.`, `\p{L}`): anchored, so it runs in constant time. */
function classExpression(source: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(`^(?:${source})$`, flags);
    } catch {
      // The next flags, then none reads it.
    }
  }
  return undefined;
}
