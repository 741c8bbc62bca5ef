import type { AwsCredentials } from './awsAccess.js';
import { loadSigner } from './awsPackages.js';

/**
 * The headers of a POST signed with SigV4 for `bedrock` by `aws4fetch` (loaded on the first call, `C0025` when
 * missing).
 */
export async function signedHeaders(
  url: string,
  headers: Readonly<Record<string, string>>,
  body: string,
  credentials: AwsCredentials,
  region: string,
): Promise<Record<string, string>> {
  const { AwsV4Signer } = await loadSigner();
  const signer = new AwsV4Signer({
    method: 'POST',
    url,
    headers: { ...headers },
    body,
    accessKeyId: credentials.accessKeyId,
    secretAccessKey: credentials.secretAccessKey,
    ...(credentials.sessionToken === undefined ? {} : { sessionToken: credentials.sessionToken }),
    service: 'bedrock',
    region,
  });
  const signed = await signer.sign();
  return Object.fromEntries(signed.headers.entries());
}
