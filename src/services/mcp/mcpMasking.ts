import type { McpCallResult, McpToolInfo } from './McpConnection.js';
import type { McpSecrets } from './McpSecrets.js';

type Container = Record<string, unknown> | unknown[];

/** Sets `key` as an own property, so a key such as `__proto__` stays data and never becomes a prototype. */
function put(target: Container, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A copy of `value` with every secret masked in every string, keys too, walked with its own stack so no nesting a
 * server sends can exhaust the call stack.
 */
export function maskStrings(value: unknown, secrets: McpSecrets): unknown {
  if (typeof value === 'string') return secrets.mask(value);
  if (typeof value !== 'object' || value === null || secrets.none) return value;
  const root: Container = Array.isArray(value) ? [] : {};
  const stack: [object, Container][] = [[value, root]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [source, target] = next;
    for (const [key, item] of Object.entries(source)) {
      let copy = item;
      if (typeof item === 'string') copy = secrets.mask(item);
      else if (typeof item === 'object' && item !== null) {
        copy = Array.isArray(item) ? [] : {};
        stack.push([item as object, copy as Container]);
      }
      put(target, Array.isArray(target) ? key : secrets.mask(key), copy);
    }
  }
  return root;
}

/** A tool result with the server's secrets masked in every string it answers. */
export function maskResult(result: McpCallResult, secrets: McpSecrets): McpCallResult {
  if (secrets.none) return result;
  const masked: { -readonly [K in keyof McpCallResult]: McpCallResult[K] } = {
    content: maskStrings(result.content, secrets) as McpCallResult['content'],
  };
  if (result.structuredContent !== undefined)
    masked.structuredContent = maskStrings(result.structuredContent, secrets) as McpCallResult['structuredContent'];
  if (result.isError === true) masked.isError = true;
  return masked;
}

/**
 * A listing with secrets masked. A name that held one holds `***`, which no model can call, so it is refused (`M0010`).
 */
export function maskListing(tools: readonly McpToolInfo[], secrets: McpSecrets): McpToolInfo[] {
  return tools.map((tool) => {
    if (secrets.none) return tool;
    const info: { -readonly [K in keyof McpToolInfo]: McpToolInfo[K] } = {
      name: secrets.mask(tool.name),
      inputSchema: maskStrings(tool.inputSchema, secrets) as McpToolInfo['inputSchema'],
    };
    if (tool.description !== undefined) info.description = secrets.mask(tool.description);
    return info;
  });
}
