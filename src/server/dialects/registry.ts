import type { Dialect, Route } from './Dialect.js';
import { anthropic } from './anthropic/anthropic.js';
import { azure } from './azure/azure.js';
import { bedrock } from './bedrock/bedrock.js';
import { cohere } from './cohere/cohere.js';
import { decisions } from './decisions/decisions.js';
import { gemini } from './gemini/gemini.js';
import { ollama } from './ollama/ollama.js';
import { openai } from './openai/openai.js';
import { openrouter } from './openrouter/openrouter.js';
import { typesafe } from './typesafe/typesafe.js';
import { vertex } from './vertex/vertex.js';

/** Every dialect the wire server speaks; a path is tried against them in this order. */
export const dialects: readonly Dialect[] = [
  openai,
  anthropic,
  typesafe,
  decisions,
  azure,
  bedrock,
  gemini,
  ollama,
  cohere,
  vertex,
  openrouter,
];

/** The dialect a request that reaches no endpoint is answered in. */
export const fallbackDialect: Dialect = openai;

/** The endpoint a path reaches: its route, its dialect, and the values its path carries (decoded). */
export interface FoundRoute {
  readonly route: Route;
  readonly dialect: Dialect;
  readonly params: Readonly<Record<string, string>>;
}

const none: Readonly<Record<string, string>> = Object.freeze({});
const fixed = new Map<string, FoundRoute>();
const patterns: { readonly pattern: RegExp; readonly route: Route; readonly dialect: Dialect }[] = [];
for (const dialect of dialects) {
  for (const route of dialect.routes) {
    if (typeof route.path === 'string') fixed.set(route.path, { route, dialect, params: none });
    else patterns.push({ pattern: route.path, route, dialect });
  }
}

/**
 * The endpoint at `path`: fixed paths first, then paths carrying a value; a value that does not decode reaches none.
 */
export function findRoute(path: string): FoundRoute | undefined {
  const found = fixed.get(path);
  if (found !== undefined) return found;
  for (const { pattern, route, dialect } of patterns) {
    const match = pattern.exec(path);
    if (match === null) continue;
    const params: Record<string, string> = {};
    try {
      for (const [name, value] of Object.entries(match.groups ?? {})) params[name] = decodeURIComponent(value);
    } catch {
      return undefined;
    }
    return { route, dialect, params };
  }
  return undefined;
}
