import type * as Aws4fetch from 'aws4fetch';
import { StandinError } from '../../../errors/StandinError.js';

/**
 * Loads `aws4fetch` on the first signed call, so a program that never signs never needs it; `C0025` when it is missing.
 */
export async function loadSigner(): Promise<typeof Aws4fetch> {
  try {
    return await import('aws4fetch');
  } catch (error) {
    throw new StandinError(
      'C0025',
      "Bedrock needs the package 'aws4fetch' to sign requests to AWS (SigV4), and it cannot be loaded. Install it " +
        'beside standin: npm install aws4fetch. It is an optional peer, needed only by applications that sign ' +
        'requests to Bedrock.',
      { cause: error },
    );
  }
}
