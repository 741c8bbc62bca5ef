import type { WireErrorDetails } from '../../WireError.js';

/** Azure's content filter's verdict on a filtered prompt, per category, as a scripted `content_filter` sends it. */
const filterResult = {
  hate: { filtered: false, severity: 'safe' },
  self_harm: { filtered: false, severity: 'safe' },
  sexual: { filtered: false, severity: 'safe' },
  violence: { filtered: true, severity: 'medium' },
};

/**
 * Azure OpenAI's error body: `{ error: { code, message, param?, type? } }`, and for its content
 * filter the 400 with `param: 'prompt'`, `status` and `innererror: { code: 'ResponsibleAIPolicyViolation',
 * content_filter_result }`.
 *
 * @example
 * ```ts
 * azureErrorBody('Slow down.', { type: 'requests', code: '429' });
 * // { error: { code: '429', message: 'Slow down.', type: 'requests' } }
 * ```
 */
export function azureErrorBody(message: string, details: WireErrorDetails): unknown {
  const error: Record<string, unknown> = { code: details.code ?? details.type, message };
  if (details.param !== undefined) error.param = details.param;
  if (details.code !== undefined && details.type !== details.code) error.type = details.type;
  if (details.code === 'content_filter') {
    Object.assign(error, { param: 'prompt', type: null, status: 400 });
    error.innererror = { code: 'ResponsibleAIPolicyViolation', content_filter_result: filterResult };
  }
  return { error };
}
