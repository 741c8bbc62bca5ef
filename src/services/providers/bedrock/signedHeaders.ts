import type { AwsCredentials } from './awsAccess.js';
import { loadSigner } from './awsPackages.js';

/**
 * The headers of a POST signed with AWS Signature Version 4 for the `bedrock` service, by
 * `aws4fetch` (loaded on the first call, `C0025` when it is not installed): the given headers with
 * `authorization`, `x-amz-date` and, for temporary credentials, `x-amz-security-token`.
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
