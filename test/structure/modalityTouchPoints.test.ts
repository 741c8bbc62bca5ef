import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { plainCapabilities } from '../../src/services/capabilities/capabilities.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** Where a capability's own spec lives: one new file per modality. */
const SPEC_FILE = 'src/services/capabilities/<capability>.ts';

/**
 * The files a new modality touches, in the order docs/contributing.md lists them. Every other file reads
 * the capability table (or a type derived from the provider contract) and names no capability.
 */
const touchPoints = [
  'src/services/spec/Provider.ts',
  SPEC_FILE,
  'src/services/capabilities/capabilities.ts',
  'src/services/engine/Engine.ts',
  'src/services/app/App.ts',
  'src/ai-sdk/aiSdkCapabilities.ts',
  'src/testing/providerScenarios.ts',
  'src/fakes/fitting/fittingCalls.ts',
];

/**
 * Files that still name capabilities one by one and are owned by other work, which is to make
 * them loop over the table. Each must still name one (so the entry is removed once it is fixed).
 */
const awaitingTheTable: string[] = [];

/**
 * Files where a capability may have an entry and none needs one, so a new modality need not
 * touch them: a real adapter implements the capabilities its vendor has; the wire server's JSON
 * scripts have a form for the capabilities a JSON document can answer; the conformance suite
 * asks more of some results than their contract does.
 */
const optional = [
  /^src\/services\/providers\/[^/]+\/[^/]+\.ts$/,
  // A provider's wire shapes name its own fields, some of them a capability's name (Bedrock's `image` block).
  /^src\/protocols\/[^/]+\/[^/]+\.ts$/,
  /^src\/server\/scriptsSchema\.ts$/,
  /^src\/testing\/capabilityCases\.ts$/,
];

/**
 * The capabilities whose names are too common a word to count everywhere as a string: only where
 * they stand as a capability. `'call'` is also a reply part's type, `'image'` a content part's.
 */
const AMBIGUOUS = new Set(['call', 'image']);
/** The capabilities whose names are too common a word to count as a member's name: `call` (a tool call, a call's options). */
const AMBIGUOUS_MEMBERS = new Set(['call']);
/** Names whose expression, on the other side of a comparison or switch, holds a capability. */
const CAPABILITY_HOLDERS = /(?:^|\.)(?:call|capability|name|scenario)$/;

/** Every TypeScript file under src/, relative to the repository. */
function sources(dir = join(repo, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [relative(repo, path)] : [];
  });
}

/**
 * Where `text` names a capability one by one (comments and longer strings do not count): as a
 * string literal, `'embed'`, `'hear'`, ... anywhere, `'call'` only where it stands for the
 * capability (a `call:` or `capability:` field, a comparison or switch on such a value, a union
 * or list beside another capability), never where it is a reply part's type; or as the name of a
 * member it declares (a method, a field, an object's key: `embed(text) {}`, `{ hear: ... }`).
 */
function capabilityNamings(text: string, names: readonly string[] = plainCapabilities): string[] {
  // Only a text with a quoted name or a member of that name can name one: the rest need no parse.
  const alternatives = names.join('|');
  const mentions = new RegExp(`['"\`](?:${alternatives})['"\`]|\\b(?:${alternatives})\\s*\\??\\s*[(:]`);
  if (!mentions.test(text)) return [];
  const file = ts.createSourceFile('scan.ts', text, ts.ScriptTarget.Latest, true);
  const wanted = new Set(names);
  const found: string[] = [];
  const isName = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
    (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && wanted.has(node.text);
  const beside = (siblings: readonly ts.Node[], self: ts.Node): boolean =>
    siblings.some(
      (other) =>
        other !== self &&
        (isName(other) || (ts.isLiteralTypeNode(other) && isName(other.literal))) &&
        !AMBIGUOUS.has((ts.isLiteralTypeNode(other) ? other.literal : other).getText().slice(1, -1)),
    );
  const standsForCapability = (node: ts.Node): boolean => {
    const parent = node.parent;
    if (ts.isPropertyAssignment(parent))
      return parent.initializer === node && CAPABILITY_HOLDERS.test(parent.name.getText());
    if (ts.isBinaryExpression(parent)) {
      const other = parent.left === node ? parent.right : parent.left;
      return CAPABILITY_HOLDERS.test(other.getText());
    }
    if (ts.isCaseClause(parent)) return CAPABILITY_HOLDERS.test(parent.parent.parent.expression.getText());
    if (ts.isArrayLiteralExpression(parent)) return beside(parent.elements, node);
    if (ts.isLiteralTypeNode(parent) && ts.isUnionTypeNode(parent.parent)) return beside(parent.parent.types, parent);
    if (ts.isCallExpression(parent)) return beside(parent.arguments, node);
    return false;
  };
  const declares = (node: ts.Node): boolean =>
    (ts.isPropertyAssignment(node) ||
      ts.isShorthandPropertyAssignment(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isPropertySignature(node) ||
      ts.isMethodSignature(node) ||
      ts.isPropertyDeclaration(node)) &&
    ts.isIdentifier(node.name) &&
    wanted.has(node.name.text) &&
    !AMBIGUOUS_MEMBERS.has(node.name.text);
  const visit = (node: ts.Node): void => {
    if (declares(node)) {
      const name = (node as ts.NamedDeclaration).name!;
      found.push(`${file.getLineAndCharacterOfPosition(name.getStart()).line + 1}: ${name.getText()}`);
    }
    if (isName(node) && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
      if (!AMBIGUOUS.has(node.text) || standsForCapability(node)) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${line + 1}: '${node.text}'`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The paths of the list under docs/contributing.md's `## A new modality` heading, up to the next heading. */
function contributingList(): string[] {
  const text = readFileSync(join(repo, 'docs', 'contributing.md'), 'utf8');
  const start = text.search(/^## A new modality\s*$/m);
  if (start < 0) return [];
  const rest = text.slice(start).split('\n').slice(1);
  const end = rest.findIndex((line) => /^#{1,6}\s/.test(line));
  const section = (end < 0 ? rest : rest.slice(0, end)).join('\n');
  return [...section.matchAll(/^\s*(?:\d+\.|[-*])\s+`([^`]+)`/gm)].map((m) => m[1]!);
}

const specFileOf = (name: string): string => SPEC_FILE.replace('<capability>', name);

describe('the touch points of a new modality', () => {
  it('are at most 8 files', () => {
    expect(touchPoints.length).toBeLessThanOrEqual(8);
  });

  it("are the list under docs/contributing.md's `## A new modality`, in its order", () => {
    expect(contributingList()).toEqual(touchPoints);
  });

  it.each(touchPoints.filter((path) => path !== SPEC_FILE))('%s exists and names every capability', (path) => {
    expect(existsSync(join(repo, path)), path).toBe(true);
    const text = readFileSync(join(repo, path), 'utf8');
    const missing = plainCapabilities.filter((name) => !new RegExp(`\\b${name}\\b`).test(text));
    expect(missing).toEqual([]);
  });

  it.each(plainCapabilities)('%s has its spec file', (name) => {
    expect(existsSync(join(repo, specFileOf(name)))).toBe(true);
  });

  // Its work is fixed (a parse of the files that name a capability); a busy machine only slows it.
  it('no other file in src/ names a capability one by one (a literal, a switch, a member)', () => {
    const allowed = new Set([...touchPoints, ...awaitingTheTable]);
    const offending = sources()
      .filter((path) => !allowed.has(path) && !optional.some((pattern) => pattern.test(path)))
      .flatMap((path) => {
        const own = plainCapabilities.find((name) => specFileOf(name) === path);
        // A capability's own spec file names itself, and no other capability.
        const names = own === undefined ? plainCapabilities : plainCapabilities.filter((name) => name !== own);
        return capabilityNamings(readFileSync(join(repo, path), 'utf8'), names).map((where) => `${path}:${where}`);
      });
    expect(offending).toEqual([]);
  }, 60_000);

  it.each(awaitingTheTable)(
    '%s, awaiting its loop over the table, still names a capability (remove it from the list once it does not)',
    (path) => {
      expect(capabilityNamings(readFileSync(join(repo, path), 'utf8'))).not.toEqual([]);
    },
  );
});

describe('capabilityNamings', () => {
  it('finds a capability declared as a member', () => {
    const code = [
      'class A { embed(text: string) {} }',
      'interface B { readonly hear?: () => void }',
      'const c = { speak: 1, rank };',
      'const d = { call: 1 };',
      'class E { async image(prompt: string) {} }',
    ].join('\n');
    expect(capabilityNamings(code)).toEqual(['1: embed', '2: hear', '3: speak', '3: rank', '5: image']);
  });

  it('finds a capability named in code, in a switch, a union or a call', () => {
    const code = [
      "const a = provider('hear');",
      "switch (call) { case 'speak': break; case 'call': break; }",
      "type T = 'reply' | 'rank' | 'call';",
      "const e = { call: 'call' };",
      "if (entry.call === 'call') {}",
      'const x = `embed`;',
      "if (entry.call === 'image') {}",
      "const f = { capability: 'image' };",
      "type U = 'image' | 'speak';",
    ].join('\n');
    expect(capabilityNamings(code)).toEqual([
      "1: 'hear'",
      "2: 'speak'",
      "2: 'call'",
      "3: 'rank'",
      "3: 'call'",
      "4: 'call'",
      "5: 'call'",
      "6: 'embed'",
      "7: 'image'",
      "8: 'image'",
      "9: 'image'",
      "9: 'speak'",
    ]);
  });

  it("ignores a content part's 'image' type and an image's media type", () => {
    const code = [
      "const part = { type: 'image', url };",
      "if (part.type === 'image') {}",
      "switch (part.type) { case 'image': break; }",
      "const kinds = ['text', 'image', 'file'];",
      "const mediaType = 'image/png';",
    ].join('\n');
    expect(capabilityNamings(code)).toEqual([]);
  });

  it("ignores comments, longer strings and a reply part's 'call' type", () => {
    const code = [
      "// app.embed('embedder', 'text') and 'hear'",
      "await app.embed('embedder', 'text');",
      "const message = \"one of 'embed', 'hear'\";",
      "const part = { type: 'call', call };",
      "if (part.type === 'call') {}",
      "switch (part.type) { case 'call': break; }",
      "const carriers = ['text', 'call', 'units'];",
      "of(parts, 'call');",
    ].join('\n');
    expect(capabilityNamings(code)).toEqual([]);
  });
});
