import { describe, it } from 'vitest';
import { createBedrockProvider } from '../../../../src/index.js';
import { providerConformance, type MakeProvider, type ProviderScenario } from '../../../../src/testing.js';
import {
  awsError,
  eventStream,
  exceptionFrame,
  joined,
  messageStart,
  messageStop,
  metadata,
  textStream,
  toolBlock,
} from '../loopback/bedrockWire.js';
import { cut } from '../loopback/conformanceWire.js';
import { raw, type Handler, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const ACCESS = 'AKIACONFORMANCE00001';
const SECRET = 'conformance/Secret/Access/Key/0123456789';

/** An event stream that sends `first`, then nothing, until the client lets go. */
function stalledFrames(first: Uint8Array): {
  handler: Handler;
  started: () => Promise<void>;
  closed: () => Promise<void>;
} {
  let onStart!: () => void;
  let onClose!: () => void;
  const arrived = new Promise<void>((resolve) => (onStart = resolve));
  const gone = new Promise<void>((resolve) => (onClose = resolve));
  const handler: Handler = (_, response) => {
    response.on('close', onClose);
    response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
    response.write(first, () => onStart());
  };
  return { handler, started: () => arrived, closed: () => gone };
}

/** The Bedrock adapter on a loopback server that speaks ConverseStream, scripted for each scenario. */
const bedrock: MakeProvider = (scenario) => {
  const provider = createBedrockProvider({
    baseURL: server.url(),
    region: 'us-east-1',
    accessKeyId: ACCESS,
    secretAccessKey: SECRET,
    timeoutMs: scenario === 'fail:timeout' ? 50 : 5000,
  });
  const stream = (handler: Parameters<LoopbackServer['on']>[1]) =>
    server.on('/model/conformance-model/converse-stream', handler);
  switch (scenario) {
    case 'text':
      stream(eventStream(textStream(['Hel', 'lo.'])));
      break;
    case 'value':
      stream(eventStream(textStream(['{"team":"bil', 'ling","urgent":true}'])));
      break;
    case 'calls':
      stream(
        eventStream([
          messageStart,
          ...toolBlock(0, 'tooluse_1', 'lookup', ['{"query":', '"refund policy"}']),
          ...toolBlock(1, 'tooluse_2', 'escalate', ['{"team":"billing","reason":"unsure"}']),
          messageStop('tool_use'),
          metadata(30, 12),
        ]),
      );
      break;
    case 'length':
      stream(eventStream(textStream(['Once upon'], [10, 2], 'max_tokens')));
      break;
    case 'slow':
    case 'fail:timeout': {
      const stall = stalledFrames(joined([messageStart, ...textStream(['Hel']).slice(1, 2)]));
      stream(stall.handler);
      return scenario === 'slow' ? { provider, started: stall.started, closed: stall.closed } : provider;
    }
    case 'fail:rate_limit':
      stream(eventStream([messageStart, exceptionFrame('throttlingException', 'Too many tokens, please wait.')]));
      break;
    case 'fail:server':
      stream(awsError(503, 'ServiceUnavailableException', 'Bedrock is unable to process your request.'));
      break;
    case 'fail:auth':
      stream(awsError(403, 'UnrecognizedClientException', `The security token included in the request is invalid.`));
      break;
    case 'fail:bad_request':
      stream(awsError(400, 'ValidationException', 'The provided model identifier is invalid.'));
      break;
    case 'fail:context_length':
      stream(awsError(400, 'ValidationException', 'Input is too long for requested model.'));
      break;
    case 'fail:content_filter':
      stream(eventStream(textStream([], [5, 0], 'guardrail_intervened')));
      break;
    case 'fail:network':
      stream(cut);
      break;
    case 'fail:unknown':
      stream(raw(302, '', { location: 'http://127.0.0.1:1/elsewhere' }));
      break;
    default:
      throw new Error(`the Bedrock wire has no script for '${scenario}'`);
  }
  return provider;
};

const claims: ProviderScenario[] = [
  'text',
  'value',
  'calls',
  'length',
  'slow',
  'fail:rate_limit',
  'fail:server',
  'fail:auth',
  'fail:bad_request',
  'fail:context_length',
  'fail:content_filter',
  'fail:timeout',
  'fail:network',
  'fail:unknown',
];

providerConformance(bedrock, {
  describe,
  it,
  claims,
  apiKey: SECRET,
  provider: 'bedrock',
  name: 'the Bedrock adapter on a loopback server conforms',
});
