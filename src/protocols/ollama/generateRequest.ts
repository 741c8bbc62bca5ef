import type { ReplyRequest } from '../../services/spec/Provider.js';
import { readShape } from '../readShape.js';
import { refused, WireFault } from '../WireFault.js';
import { readOllamaUser, writeOllamaUser } from './ollamaContent.js';
import { readOllamaFormat, readOllamaOptions, writeOllamaOptions, type RequestExtras } from './ollamaSettings.js';
import { ollamaGenerateBody, type OllamaGenerateBody } from './ollamaShapes.js';

/**
 * The `/api/generate` body of a one-prompt request: its one user message as `prompt` (and `images`), its instructions
 * as `system`. A request of more turns, or with tools, has no place here: `cannot_send`.
 */
export function writeGenerateRequest(
  request: ReplyRequest,
  stream: boolean,
  extras: RequestExtras = {},
): OllamaGenerateBody {
  const [message, ...more] = request.messages;
  if (message?.role !== 'user' || more.length > 0 || (request.tools?.length ?? 0) > 0)
    throw new WireFault({
      kind: 'cannot_send',
      where: 'request.messages',
      what: 'a conversation or tools',
      takes: 'one prompt (a single user message): send the others to /api/chat',
    });
  const { content, images } = writeOllamaUser(message.content, 'request.messages[0]');
  const body: Record<string, unknown> = { ...extras.body, model: request.model, prompt: content, stream };
  if (images !== undefined) body.images = images;
  if (request.instructions !== undefined) body.system = request.instructions;
  if (request.output !== undefined) body.format = request.output.schema;
  const options = writeOllamaOptions(request.settings, extras);
  if (options !== undefined) body.options = options;
  return body as OllamaGenerateBody;
}

/**
 * Reads a `/api/generate` body into its call: the prompt as one user message, `system` as the instructions. A `raw`
 * prompt or a `context` from an earlier answer is refused: the wire server keeps no conversation between requests.
 */
export function readGenerateRequest(value: unknown): { readonly request: ReplyRequest; readonly stream: boolean } {
  const body = readShape(ollamaGenerateBody, value);
  if (body.context !== undefined && body.context !== null && body.context.length > 0)
    throw refused(['context'], 'the wire server keeps no context between requests; send the turns to /api/chat');
  if (body.raw === true) throw refused(['raw'], 'the wire server reads no raw prompt; leave raw out');
  const content = readOllamaUser(body.prompt ?? '', body.images ?? [], []);
  const request: { -readonly [K in keyof ReplyRequest]: ReplyRequest[K] } = {
    model: body.model,
    messages: [{ role: 'user', content }],
  };
  if (typeof body.system === 'string' && body.system !== '') request.instructions = body.system;
  const output = readOllamaFormat(body.format);
  if (output !== undefined) request.output = output;
  const settings = readOllamaOptions(body.options);
  if (settings !== undefined) request.settings = settings;
  return { request, stream: body.stream ?? true };
}
