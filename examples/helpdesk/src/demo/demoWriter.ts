import type { ReplyRequest, ToolResult } from 'standin';
import type { Answer } from 'standin/testing';
import { exampleTickets } from '../exampleTickets.js';
import type { GuidePage } from '../guide.js';
import { customerMessage } from '../tickets/writer.js';
import { exampleScripts } from './exampleScripts.js';

/** How many pieces the demo writer's typed answer arrives in, so the page shows it growing. */
export const answerPieces = 6;

/**
 * The demo's writer, a function of the request for `app.fake('writer', demoWriter)`. For an
 * example ticket it gives that ticket's scripted steps: a note beside a call to findInGuide, then
 * the typed answer. For any other ticket it looks the customer's own words up in the guide and
 * answers with what the best page says, or says that a person will answer when nothing fits.
 *
 * @example
 * ```ts
 * const app = createTestApp(config);
 * app.fake('writer', demoWriter, writer);
 * ```
 */
export function demoWriter(request: ReplyRequest): Answer {
  const message = customerMessage(request).trim();
  const example = exampleTickets.find((t) => t.message === message);
  const script = example === undefined ? undefined : exampleScripts[example.id];
  const found = lookedUp(request);
  if (found === undefined) {
    return (
      script?.lookUp ?? {
        text: 'Looking the customer’s words up in the guide.',
        calls: [{ tool: 'findInGuide', with: { words: message.slice(0, 300) } }],
      }
    );
  }
  if (script !== undefined) return { value: script.answer, parts: answerPieces };
  const best = found[0];
  const answer =
    best === undefined
      ? {
          answer:
            'Thank you for writing to us. Our guide does not cover this, so a person from the team will answer you shortly.',
          pages: [],
        }
      : { answer: `Thank you for writing to us. Our guide says (${best.title}): ${best.text}`, pages: [best.page] };
  return { value: answer, parts: answerPieces };
}

/** The guide pages the last findInGuide call found, or undefined before the writer has looked anything up. */
function lookedUp(request: ReplyRequest): readonly GuidePage[] | undefined {
  const last = request.messages.at(-1);
  if (last?.role !== 'tool') return undefined;
  const result: ToolResult | undefined = last.results.find((r) => r.tool === 'findInGuide');
  return Array.isArray(result?.output) ? (result.output as GuidePage[]) : [];
}
