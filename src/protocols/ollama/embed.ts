import { readReply, readShape } from '../readShape.js';
import { refused } from '../WireFault.js';
import { ollamaEmbedBody, ollamaEmbedResponse, type OllamaEmbedBody } from './ollamaShapes.js';

/** The most texts one `/api/embed` request may hold: a bound on what one request makes the server compute. */
export const MAX_OLLAMA_EMBED_INPUTS = 2048;

/** The `/api/embed` body for texts. */
export function writeOllamaEmbed(model: string, texts: readonly string[]): OllamaEmbedBody {
  return { model, input: texts.length === 1 ? texts[0]! : [...texts] };
}

/** The texts a `/api/embed` body asks to embed, in order; `dimensions` is refused, the scripts set the size. */
export function readOllamaEmbed(value: unknown): { readonly model: string; readonly texts: string[] } {
  const body = readShape(ollamaEmbedBody, value);
  if (body.dimensions !== undefined && body.dimensions !== null)
    throw refused(['dimensions'], "the scripted embed answers set the vectors' size; leave dimensions out");
  const texts = typeof body.input === 'string' ? [body.input] : body.input;
  if (texts.length === 0) throw refused(['input'], 'input is empty');
  if (texts.length > MAX_OLLAMA_EMBED_INPUTS)
    throw refused(['input'], `input holds ${texts.length} texts; at most ${MAX_OLLAMA_EMBED_INPUTS} go in one request`);
  return { model: body.model, texts };
}

/** A `/api/embed` answer as JSON text: one vector per input, in order. */
export function writeOllamaEmbeddings(model: string, vectors: readonly (readonly number[])[]): string {
  return (
    `{"model":${JSON.stringify(model)},"embeddings":${JSON.stringify(vectors)},` +
    `"total_duration":0,"load_duration":0,"prompt_eval_count":0}`
  );
}

/** The vectors of an `/api/embed` answer; `malformed` for one without a non-empty list of finite numbers each. */
export function readOllamaEmbeddings(body: unknown): number[][] {
  return readReply(ollamaEmbedResponse, body, 'the embed answer').embeddings;
}
