import type { Capability } from '../providers/Provider.js';
import { call } from './call.js';
import { embed } from './embed.js';
import { hear } from './hear.js';
import { rank } from './rank.js';
import { speak } from './speak.js';

/**
 * The plain capabilities by name: what the engine, the faked model and a record-of-calls fake
 * read. `reply` (parts, checked by `ReplyCollector`) and `classify` (the classifier contract) have
 * their own pipelines.
 *
 * @example
 * ```ts
 * for (const name of plainCapabilities) capabilities[name].answer;
 * ```
 */
export const capabilities = { embed, hear, speak, rank, call } as const;

/** The names of {@link capabilities}, in the order the docs list them. */
export const plainCapabilities = Object.keys(capabilities) as readonly (keyof typeof capabilities)[];

/**
 * Every capability a call can use, `reply` first: a provider's methods, `sent[i].call`, and what
 * the real-call guard and the docs name.
 */
export const capabilityNames: readonly Capability[] = ['reply', ...plainCapabilities];
