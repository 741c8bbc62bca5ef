import type { McpServerConfig } from '../../config/mcpConfigSchema.js';

/** The most characters of a cause (an SDK error, a stderr tail) an error quotes. */
const MAX_CAUSE_CHARS = 600;
/** The shortest part of a secret hidden on its own: shorter words ("Bearer" aside) are too common to hide. */
const MIN_PART_CHARS = 6;
/**
 * A shorter secret (`'1'`, `'3000'`) is hidden only as a whole token, as the HTTP adapters hide a short header value.
 */
const MIN_ANYWHERE_CHARS = 8;

/**
 * The secrets of one MCP server's config — its `headers` and `env` values, and each long word of
 * them (the token of `Bearer <token>`) — and the one way a text from or about the server is made
 * safe to show: every one of them replaced by `***`. A value is hidden as the value it is: one of 8
 * characters or more wherever it stands, a shorter one only where no letter or digit touches it,
 * so `PORT: '3000'` hides the port in `port 3000` and leaves `30000` and `level 1 of 10` as they are.
 */
export class McpSecrets {
  /** Values hidden wherever they stand, longest first. */
  readonly #anywhere: readonly string[];
  /** Short values, hidden as whole tokens. */
  readonly #tokens: RegExp | undefined;

  constructor(server: McpServerConfig) {
    const whole = Object.values(
      ('headers' in server ? server.headers : 'env' in server ? server.env : undefined) ?? {},
    );
    const parts = whole.flatMap((value) => value.split(/[\s,;:=]+/).filter((part) => part.length >= MIN_PART_CHARS));
    // Longest first, so a whole value is hidden before a part of it could leave the rest showing.
    const values = [...new Set([...whole, ...parts])]
      .filter((value) => value.length > 0)
      .sort((a, b) => b.length - a.length);
    this.#anywhere = values.filter((value) => value.length >= MIN_ANYWHERE_CHARS);
    const short = values.filter((value) => value.length < MIN_ANYWHERE_CHARS);
    // Literals only, each escaped: the alternation matches in time linear in the text.
    this.#tokens =
      short.length === 0
        ? undefined
        : new RegExp(
            `(?<![A-Za-z0-9])(?:${short.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![A-Za-z0-9])`,
            'g',
          );
  }

  /** Whether the server's config has no secret to hide. */
  get none(): boolean {
    return this.#anywhere.length === 0 && this.#tokens === undefined;
  }

  /** `text` with every secret replaced by `***`, whole. */
  mask(text: string): string {
    let safe = text;
    for (const value of this.#anywhere) safe = safe.split(value).join('***');
    return this.#tokens === undefined ? safe : safe.replace(this.#tokens, '***');
  }

  /** `text` with every secret replaced by `***`, and cut to a few hundred characters. */
  hide(text: string): string {
    const safe = this.mask(text);
    return safe.length <= MAX_CAUSE_CHARS ? safe : `${safe.slice(0, MAX_CAUSE_CHARS)}... (${safe.length} characters)`;
  }
}
