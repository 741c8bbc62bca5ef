import { StandinError } from '../../errors/StandinError.js';
import type { McpLimits } from './mcpBounds.js';

/** What an answer's body may hold past the result itself: the JSON-RPC envelope, SSE framing, progress notes. */
const ENVELOPE_BYTES = 64 * 1024;

/** The JSON-RPC request a POST carries, as far as its bound goes: its method and id. */
interface Sent {
  readonly method: string | undefined;
  readonly id: string | number | undefined;
  /** The tool a `tools/call` names. */
  readonly tool: string | undefined;
}

const UNKNOWN: Sent = { method: undefined, id: undefined, tool: undefined };

function sentOf(body: unknown): Sent {
  if (typeof body !== 'string') return UNKNOWN;
  try {
    const message = JSON.parse(body) as unknown;
    const first = (Array.isArray(message) ? message[0] : message) as {
      method?: unknown;
      id?: unknown;
      params?: { name?: unknown };
    } | null;
    return {
      method: typeof first?.method === 'string' ? first.method : undefined,
      id: typeof first?.id === 'string' || typeof first?.id === 'number' ? first.id : undefined,
      tool: typeof first?.params?.name === 'string' ? first.params.name : undefined,
    };
  } catch {
    return UNKNOWN;
  }
}

/** `M0006` for a cut listing page, `M0007` for any other answer. */
function cutError(server: string, sent: Sent, limit: number, limits: McpLimits): StandinError {
  if (sent.method === 'tools/list') {
    return new StandinError(
      'M0006',
      `MCP server '${server}' sent a page of its tool listing of more than ${limit} bytes, more than maxTools ` +
        `(${limits.maxTools}) tools of maxSchemaBytes (${limits.maxSchemaBytes}) each; it was cut off as it ` +
        `arrived. Have the server list less, or raise those bounds under mcp.servers.${server}.`,
    );
  }
  const what = sent.method === 'tools/call' && sent.tool !== undefined ? `, tool '${sent.tool}',` : '';
  return new StandinError(
    'M0007',
    `MCP server '${server}'${what} answered ${sent.method ?? 'a request'} with more than ${limit} bytes (its result is ` +
      `bounded by maxResultBytes, ${limits.maxResultBytes}, counted as it arrives and, when compressed, as it ` +
      `unpacks); it was cut off before it was held. Have the tool answer less, or raise maxResultBytes under ` +
      `mcp.servers.${server}.`,
  );
}

/**
 * A `fetch` for the SDK's HTTP transport whose answers are counted by their decoded bytes (so a gzip bomb counts what
 * it unpacks to) and cut past their bound. `cut` is told which request it answered, so the call waiting on it fails at
 * once rather than at its timeout.
 */
export function boundedFetch(
  server: string,
  limits: McpLimits,
  cut: (id: string | number, error: StandinError) => void,
): (url: string | URL, init?: RequestInit) => Promise<Response> {
  return async (url, init) => {
    const response = await fetch(url, init);
    if (response.body === null) return response;
    const sent = sentOf(init?.body);
    const limit =
      (sent.method === 'tools/list' ? limits.maxTools * limits.maxSchemaBytes : limits.maxResultBytes) + ENVELOPE_BYTES;
    let seen = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen <= limit) return controller.enqueue(chunk);
          const error = cutError(server, sent, limit, limits);
          if (sent.id !== undefined) cut(sent.id, error);
          // Erroring the stream cancels the body: nothing more of it is downloaded or unpacked.
          controller.error(error);
        },
      }),
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
