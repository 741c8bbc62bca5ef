import type * as Aws4fetch from 'aws4fetch';
import { StandinError } from '../../../errors/StandinError.js';

/**
 * Loads `aws4fetch`, which signs Bedrock requests, on the first signed call: a program that never calls Bedrock, or
 * calls it with a Bedrock API key, never needs it. Throws `C0025` naming the package when it is not installed.
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
