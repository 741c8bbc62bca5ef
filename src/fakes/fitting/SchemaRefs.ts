import { NoFit, type Work } from './NoFit.js';

/** A schema as `fitting` reads it: `true`, `false`, or an object of keywords. */
export type Schema = boolean | Readonly<Record<string, unknown>>;

/**
 * The `$ref`s of one document, resolved inside it (pointers, anchors, `$id`s). A reference to another document is
 * `T0140`: `fitting` reads only what the call states.
 */
export class SchemaRefs {
  readonly #root: unknown;
  readonly #ids = new Map<string, unknown>();
  readonly #anchors = new Map<string, unknown>();

  constructor(root: unknown, work: Work, path: string) {
    this.#root = root;
    const rootId = idOf(root);
    if (rootId !== undefined) this.#ids.set(rootId, root);
    // Every $id and $anchor of the document, once: each part counts as a step of the value's work.
    const stack: unknown[] = [root];
    while (stack.length > 0) {
      const node = stack.pop();
      if (typeof node !== 'object' || node === null) continue;
      work.tick(path);
      if (!Array.isArray(node)) {
        const id = idOf(node);
        if (id !== undefined) {
          if (id.startsWith('#')) this.#anchors.set(id.slice(1), node);
          else this.#ids.set(id.replace(/#$/, ''), node);
        }
        for (const key of ['$anchor', '$dynamicAnchor']) {
          const anchor = own(node, key);
          if (typeof anchor === 'string') this.#anchors.set(anchor, node);
        }
      }
      for (const child of Object.values(node)) if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }

  /** The schema `ref` points to. */
  resolve(ref: unknown, path: string): Schema {
    if (typeof ref !== 'string') throw new NoFit('T0140', path, `the $ref ${JSON.stringify(ref)} is no text`);
    const hash = ref.indexOf('#');
    const base = hash < 0 ? ref : ref.slice(0, hash);
    const fragment = hash < 0 ? '' : ref.slice(hash + 1);
    const document = base === '' ? this.#root : this.#ids.get(base);
    if (document === undefined) {
      throw new NoFit(
        'T0140',
        path,
        `the $ref ${JSON.stringify(ref)} points outside the schema: fitting reads only what the call states`,
      );
    }
    if (fragment === '') return asSchema(document, ref, path);
    if (!fragment.startsWith('/')) {
      const anchored = this.#anchors.get(fragment);
      if (anchored === undefined) throw missing(ref, path);
      return asSchema(anchored, ref, path);
    }
    let node: unknown = document;
    for (const raw of fragment.slice(1).split('/')) {
      const key = unescapeKey(raw);
      if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) throw missing(ref, path);
      node = (node as Record<string, unknown>)[key];
    }
    return asSchema(node, ref, path);
  }
}

/** The own value of `key` in `node`, never one it inherits (`__proto__` is no keyword). */
export function own(node: object, key: string): unknown {
  return Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
}

function idOf(node: unknown): string | undefined {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
  const id = own(node, '$id');
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function unescapeKey(raw: string): string {
  let key = raw;
  try {
    key = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded: the key as written.
  }
  return key.replace(/~1/g, '/').replace(/~0/g, '~');
}

function asSchema(node: unknown, ref: string, path: string): Schema {
  if (typeof node === 'boolean') return node;
  if (typeof node === 'object' && node !== null && !Array.isArray(node)) return node as Schema;
  throw new NoFit('T0140', path, `the $ref ${JSON.stringify(ref)} points to something that is no schema`);
}

function missing(ref: string, path: string): NoFit {
  return new NoFit('T0140', path, `the $ref ${JSON.stringify(ref)} points to nothing in the schema`);
}
