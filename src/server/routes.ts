import type { Dialect } from './dialect.js';
import { anthropicMessages } from './anthropicMessages.js';
import { azureRoutes } from './azureRoutes.js';
import { bedrockConverse, bedrockConverseStream } from './bedrockConverse.js';
import { geminiEmbed } from './geminiEmbed.js';
import { geminiGenerate } from './geminiGenerate.js';
import { openaiTranscription, openaiSpeech } from './openaiAudio.js';
import { openaiChat } from './openaiChat.js';
import { openaiDecisions } from './openaiDecisions.js';
import { openaiEmbeddings } from './openaiEmbeddings.js';
import { openaiImages } from './openaiImages.js';
import { openaiModels } from './openaiModels.js';
import { openaiResponses } from './openaiResponses.js';
import { typesafeSystemone } from './typesafeSystemone.js';
import type { WireContext } from './WireContext.js';

/** One endpoint: its method, the dialect its errors speak, and its handler. */
export interface Route {
  readonly method: 'GET' | 'POST';
  readonly dialect: Dialect;
  readonly handle: (context: WireContext) => Promise<void>;
}

/**
 * The endpoints at a fixed path.
 */
const routes: ReadonlyMap<string, Route> = new Map<string, Route>([
  ['/v1/chat/completions', { method: 'POST', dialect: 'openai', handle: openaiChat }],
  ['/v1/responses', { method: 'POST', dialect: 'openai', handle: openaiResponses }],
  ['/v1/embeddings', { method: 'POST', dialect: 'openai', handle: openaiEmbeddings }],
  ['/v1/audio/transcriptions', { method: 'POST', dialect: 'openai', handle: openaiTranscription }],
  ['/v1/audio/speech', { method: 'POST', dialect: 'openai', handle: openaiSpeech }],
  ['/v1/images/generations', { method: 'POST', dialect: 'openai', handle: openaiImages }],
  ['/v1/models', { method: 'GET', dialect: 'openai', handle: openaiModels }],
  ['/v1/messages', { method: 'POST', dialect: 'anthropic', handle: anthropicMessages }],
  ['/v1/systemone', { method: 'POST', dialect: 'systemone', handle: typesafeSystemone }],
  ['/v1/decisions', { method: 'POST', dialect: 'openai', handle: openaiDecisions }],
]);

/** An endpoint whose path carries a value, such as the model: its named groups become the route's params. */
interface PatternRoute extends Route {
  readonly pattern: RegExp;
}

/** The endpoints whose path names the model or deployment, tried in order after the fixed paths. */
const patternRoutes: readonly PatternRoute[] = [
  ...azureRoutes(),
  { pattern: /^\/model\/(?<modelId>[^/]+)\/converse$/, method: 'POST', dialect: 'bedrock', handle: bedrockConverse },
  {
    pattern: /^\/model\/(?<modelId>[^/]+)\/converse-stream$/,
    method: 'POST',
    dialect: 'bedrock',
    handle: bedrockConverseStream,
  },
  ...(
    [
      ['generateContent', (context) => geminiGenerate(context, false)],
      ['streamGenerateContent', (context) => geminiGenerate(context, true)],
      ['embedContent', (context) => geminiEmbed(context, false)],
      ['batchEmbedContents', (context) => geminiEmbed(context, true)],
    ] as const satisfies readonly (readonly [string, Route['handle']])[]
  ).map(([method, handle]) => ({
    pattern: new RegExp(`^/(?:v1|v1beta|v1alpha)/models/(?<model>[^/:]+):${method}$`),
    method: 'POST' as const,
    dialect: 'gemini' as const,
    handle,
  })),
];

/** The endpoint a path reaches, with the values its path carries (decoded). */
export interface FoundRoute {
  readonly route: Route;
  readonly params: Readonly<Record<string, string>>;
}

const none: Readonly<Record<string, string>> = Object.freeze({});

/**
 * The endpoint the wire server answers at `path`, or undefined. A value in the path that does not
 * decode (a stray `%`) reaches no endpoint.
 *
 * @example
 * ```ts
 * const found = findRoute('/v1/chat/completions'); // { route, params: {} }
 * ```
 */
export function findRoute(path: string): FoundRoute | undefined {
  const fixed = routes.get(path);
  if (fixed !== undefined) return { route: fixed, params: none };
  for (const route of patternRoutes) {
    const match = route.pattern.exec(path);
    if (match === null) continue;
    const params: Record<string, string> = {};
    try {
      for (const [name, value] of Object.entries(match.groups ?? {})) params[name] = decodeURIComponent(value);
    } catch {
      return undefined;
    }
    return { route, params };
  }
  return undefined;
}
