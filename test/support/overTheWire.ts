import { afterAll, beforeAll, describe, it } from 'vitest';
import { embedByHash, imageByHash, rankByOverlap } from 'standin/testing';
import {
  providerConformance,
  type MakeProvider,
  type PrimedProvider,
  type ProviderScenario,
} from 'standin/conformance';
import { createFakeServer, type FakeServer } from 'standin/server';
import type { Provider } from 'standin';
import type { Answers } from 'standin/testing';

/** How a test points an adapter at the wire server: its base URL, the headers that give it its own scope, its fetch. */
export interface Pointing {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly fetch: typeof globalThis.fetch;
  readonly apiKey: string;
}

/** An adapter run through the provider conformance suite against the wire server. */
export interface OverTheWire {
  /** The `describe` block's name. */
  readonly name: string;
  /** The adapter, pointed as `pointing` says. */
  readonly adapter: (pointing: Pointing) => Provider;
  /** The scenarios the adapter claims: every one must pass against the server. */
  readonly claims: readonly ProviderScenario[];
  /** The model id the suite calls. `'conformance-model'` when left out. */
  readonly model?: string;
  /** The provider name the suite's contexts carry. */
  readonly provider?: string;
}

const API_KEY = 'sk-wire-0000000000';
const wav = new Uint8Array([82, 73, 70, 70, 36, 0, 0, 0, 87, 65, 86, 69]);

/** The script that answers one scenario, as `app.fake` takes it. */
function scriptFor(scenario: ProviderScenario): Answers {
  if (scenario.startsWith('fail:')) return [{ fail: scenario.slice(5) as 'server' }];
  switch (scenario) {
    case 'text':
      return [{ text: 'Hello.' }];
    case 'value':
      return [{ value: { team: 'billing', urgent: true } }];
    case 'calls':
      return [
        {
          calls: [
            { tool: 'lookup', with: { query: 'refund policy' } },
            { tool: 'escalate', with: { team: 'billing', reason: 'unsure' } },
          ],
        },
      ];
    case 'length':
      return [{ text: 'Once upon', finish: 'length' }];
    case 'slow':
      // Held at a gate no test releases: the stream starts and never ends, until the client lets go.
      return [{ parts: ['Hel', { hold: 'never' }, 'lo.'] }];
    default:
      return {
        reply: [{ text: 'Hello.' }],
        embed: embedByHash(8),
        rank: rankByOverlap(),
        image: imageByHash(),
        hear: () => ({ text: 'refund' }),
        speak: () => wav,
        call: (input: unknown) => ({ answered: input }),
      } as Answers;
  }
}

/**
 * A fetch that says when its response arrived and when the caller let go of its body (read to its
 * end, cancelled, or broken off): what the conformance suite's abort case waits on.
 */
function watchedFetch(): { fetch: typeof globalThis.fetch; started: () => Promise<void>; closed: () => Promise<void> } {
  let onStart!: () => void;
  let onClose!: () => void;
  const started = new Promise<void>((resolve) => (onStart = resolve));
  const closed = new Promise<void>((resolve) => (onClose = resolve));
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    onStart();
    const body = response.body;
    if (body === null) {
      onClose();
      return response;
    }
    const reader = body.getReader();
    const watched = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await reader.read();
          if (next.done) {
            onClose();
            controller.close();
          } else controller.enqueue(next.value);
        } catch (error) {
          onClose();
          controller.error(error);
        }
      },
      async cancel(reason) {
        onClose();
        await reader.cancel(reason);
      },
    });
    return new Response(watched, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { fetch, started: () => started, closed: () => closed };
}

/**
 * Runs the provider conformance suite on an adapter pointed at one wire server (started for the
 * file): each scenario in a scope of its own, scripted there with what the scenario asks for, so
 * the adapter reads what the server's dialect writes, for every case it claims.
 */
export function conformsOverTheWire(subject: OverTheWire): void {
  let server: FakeServer;
  let cases = 0;
  const model = subject.model ?? 'conformance-model';
  beforeAll(async () => {
    server = await createFakeServer();
  });
  afterAll(async () => {
    await server.close();
  });
  const make: MakeProvider = (scenario): PrimedProvider => {
    const scope = `case-${++cases}`;
    server.fake(model, scriptFor(scenario), scope);
    const watched = watchedFetch();
    const provider = subject.adapter({
      url: server.url,
      headers: { 'x-standin-scope': scope },
      fetch: watched.fetch,
      apiKey: API_KEY,
    });
    return { provider, started: watched.started, closed: watched.closed };
  };
  providerConformance(make, {
    describe,
    it,
    claims: subject.claims,
    model,
    apiKey: API_KEY,
    ...(subject.provider === undefined ? {} : { provider: subject.provider }),
    name: subject.name,
  });
}
