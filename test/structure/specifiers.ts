/**
 * The relative specifiers a module's text loads: static imports and re-exports (type-only ones
 * included), side-effect imports, and dynamic `import('...')` — a lazy edge still closes a cycle
 * and still loads its target into whoever runs it.
 */
export function specifiersOf(text: string): string[] {
  const patterns = [
    /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*(['"])(\.{1,2}\/[^'"]+)\1/g,
    /(?:^|\n)\s*import\s*(['"])(\.{1,2}\/[^'"]+)\1/g,
    /\bimport\s*\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*[,)]/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[2]!));
}
