import { z } from 'zod';

/** The content filter's verdict on one category: filtered or not, and how severe (or, for some, detected). */
const filterVerdict = z
  .object({ filtered: z.boolean(), severity: z.string().optional(), detected: z.boolean().optional() })
  .loose();

/** The verdicts on each category (`hate`, `self_harm`, `sexual`, `violence`, `jailbreak`, ...). */
export const filterVerdicts = z.record(z.string(), z.union([filterVerdict, z.unknown()]));

/** The verdict a prompt gets in a stream's first chunk and a completion: one per prompt. */
export const promptFilterResults = z.array(
  z.object({ prompt_index: z.int().min(0), content_filter_results: filterVerdicts }).loose(),
);

const categories = ['hate', 'self_harm', 'sexual', 'violence'] as const;

/** Every category safe but those named, filtered at the severity given. */
export function verdicts(filtered: Readonly<Record<string, string>> = {}): Record<string, unknown> {
  return Object.fromEntries(
    categories.map((name) => [
      name,
      filtered[name] === undefined
        ? { filtered: false, severity: 'safe' }
        : { filtered: true, severity: filtered[name] },
    ]),
  );
}

/** The verdict a scripted content filter stands for: violence, at medium severity. */
export const filteredPrompt = verdicts({ violence: 'medium' });

/** Azure's content filter on Chat Completions: the prompt's verdict first, and the verdict on a reply it stopped. */
export const azureFilters = {
  prompt: [{ prompt_index: 0, content_filter_results: verdicts() }],
  stopped: filteredPrompt,
} as const;
