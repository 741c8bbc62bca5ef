import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const specDir = fileURLToPath(new URL('../../src/services/spec/', import.meta.url));

/**
 * The statements of `text` that are not types: an import or export that is not type-only, and
 * any declaration of a value (a const, a function, a class, an enum). A spec file holds
 * interfaces and type aliases, and imports only types.
 */
function valueStatements(text: string): string[] {
  const file = ts.createSourceFile('spec.ts', text, ts.ScriptTarget.Latest, true);
  const typeOnlyImport = (node: ts.ImportDeclaration): boolean => {
    const clause = node.importClause;
    if (clause === undefined) return false;
    if (clause.isTypeOnly) return true;
    const bindings = clause.namedBindings;
    return (
      clause.name === undefined &&
      bindings !== undefined &&
      ts.isNamedImports(bindings) &&
      bindings.elements.every((element) => element.isTypeOnly)
    );
  };
  const typeOnlyExport = (node: ts.ExportDeclaration): boolean =>
    node.isTypeOnly ||
    (node.exportClause !== undefined &&
      ts.isNamedExports(node.exportClause) &&
      node.exportClause.elements.every((element) => element.isTypeOnly));
  return file.statements
    .filter((node) => {
      if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return false;
      if (ts.isImportDeclaration(node)) return !typeOnlyImport(node);
      if (ts.isExportDeclaration(node)) return !typeOnlyExport(node);
      return true;
    })
    .map((node) => `${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().split('\n')[0]}`);
}

const specFiles = readdirSync(specDir).filter((name) => name.endsWith('.ts'));

describe('src/services/spec', () => {
  it('holds the contracts an adapter implements', () => {
    expect(specFiles).toEqual(
      expect.arrayContaining(['Provider.ts', 'Classifier.ts', 'CapabilitySpec.ts', 'failures.ts']),
    );
  });

  it.each(specFiles)('%s holds types only, and imports only types', (name) => {
    expect(valueStatements(readFileSync(join(specDir, name), 'utf8'))).toEqual([]);
  });

  it('tells a value from a type', () => {
    const text = [
      "import type { A } from './a.js';",
      "import { type B } from './b.js';",
      "import { c } from './c.js';",
      'export interface D { readonly d: string }',
      "export type E = 'e';",
      "export const f = ['f'] as const;",
      'export function g(): void {}',
      "export { c } from './c.js';",
      "export type { A } from './a.js';",
    ].join('\n');
    expect(valueStatements(text)).toEqual([
      "3: import { c } from './c.js';",
      "6: export const f = ['f'] as const;",
      '7: export function g(): void {}',
      "8: export { c } from './c.js';",
    ]);
  });
});
