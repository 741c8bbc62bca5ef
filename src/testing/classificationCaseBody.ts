/**
 * The body of a conformance case, by key: the cases are listed in classifierConformance.ts, their bodies are in
 * classificationCaseRuns.ts.
 */
export type ClassificationCaseBody =
  'keys' | 'types' | 'choice' | 'score' | 'yesNo' | 'empty' | 'metadata' | 'requestId' | 'usage';
