import type { ProviderScenario } from '../../../../src/testing.js';
import { KEY } from '../loopback/callContext.js';
import { openaiScenario, stalled, type Stalled } from '../loopback/conformanceWire.js';
import { json, stream, type Handler, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { chunk, DONE, usage } from '../loopback/openaiWire.js';

/** The API version the adapter sends when its settings name none. */
export const VERSION = '2024-10-21';

/** The path of `path` on deployment `deployment`, as the adapter calls it. */
export function deploymentPath(path: string, deployment = 'conformance-model', version = VERSION): string {
  return `/openai/deployments/${deployment}${path}?api-version=${version}`;
}

/** Azure's verdict of its content filter on one choice: every category safe but those named. */
export function filterResults(filtered: Readonly<Record<string, string>> = {}): Record<string, unknown> {
  const categories = ['hate', 'self_harm', 'sexual', 'violence'];
  return Object.fromEntries(
    categories.map((name) => [
      name,
      filtered[name] === undefined
        ? { filtered: false, severity: 'safe' }
        : { filtered: true, severity: filtered[name] },
    ]),
  );
}

/** Azure's 400 for a prompt its content filter stopped, `innererror.content_filter_result` included. */
export const promptFiltered = json(400, {
  error: {
    message:
      "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please " +
      'modify your prompt and retry.',
    type: null,
    param: 'prompt',
    code: 'content_filter',
    status: 400,
    innererror: { code: 'ResponsibleAIPolicyViolation', content_filter_result: filterResults({ violence: 'medium' }) },
  },
});

/** A stream Azure's content filter stops: the prompt's verdict first, some text, then `finish_reason: content_filter`. */
export const completionFiltered: Handler = stream(
  `data: ${JSON.stringify({ id: '', object: '', created: 0, model: '', choices: [], prompt_filter_results: [{ prompt_index: 0, content_filter_results: filterResults() }] })}\n\n` +
    chunk({ role: 'assistant', content: 'Once' }) +
    `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o', choices: [{ index: 0, delta: {}, finish_reason: 'content_filter', content_filter_results: filterResults({ violence: 'high' }) }] })}\n\n` +
    usage(10, 1) +
    DONE,
);

/**
 * Scripts the loopback server as an Azure OpenAI resource answering one conformance scenario:
 * the OpenAI wire's answers on the deployment's paths, and Azure's own error bodies
 * (`{ error: { code: '429', message } }`, `code: '401'`, the content filter's 400).
 *
 * @example
 * ```ts
 * const slow = azureScenario(server, scenario);
 * ```
 */
export function azureScenario(server: LoopbackServer, scenario: ProviderScenario): Stalled | undefined {
  const chat = (handler: Handler) => server.on(deploymentPath('/chat/completions'), handler);
  const error = (status: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
    chat(json(status, { error: body }, headers));
  switch (scenario) {
    case 'fail:rate_limit':
      return void error(
        429,
        {
          code: '429',
          message:
            'Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-10-21 have exceeded ' +
            'token rate limit of your current OpenAI S0 pricing tier. Please retry after 1 second.',
        },
        { 'retry-after': '1', 'apim-request-id': 'apim-1' },
      );
    case 'fail:server':
      return void error(500, { code: 'InternalServerError', message: 'The service is temporarily unavailable.' });
    case 'fail:auth':
      return void error(401, {
        code: '401',
        message: `Access denied due to invalid subscription key ${KEY} or wrong API endpoint.`,
      });
    case 'fail:bad_request':
      return void error(404, {
        code: 'DeploymentNotFound',
        message: 'The API deployment for this resource does not exist.',
      });
    case 'fail:context_length':
      return void error(400, {
        message: "This model's maximum context length is 128000 tokens.",
        type: 'invalid_request_error',
        param: 'messages',
        code: 'context_length_exceeded',
      });
    case 'fail:content_filter':
      return void chat(promptFiltered);
    case 'fail:timeout':
      return void chat(stalled(chunk({ role: 'assistant', content: '' })).handler);
    default:
      return openaiScenario(rerouted(server), scenario);
  }
}

/** The server, with the OpenAI wire's `/v1/...` paths moved onto the deployment's. */
function rerouted(server: LoopbackServer): LoopbackServer {
  return new Proxy(server, {
    get(target, name, receiver) {
      if (name !== 'on') return Reflect.get(target, name, receiver) as unknown;
      return (path: string, ...handlers: Handler[]) =>
        target.on(deploymentPath(path.replace(/^\/v1/, '')), ...handlers);
    },
  });
}
