import type * as GoogleAuthLibrary from 'google-auth-library';
import { StandinError } from '../../../errors/StandinError.js';

/** The scope every Vertex AI call needs. */
export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/** An access token, and when it stops being good (ms since the epoch) when its source says. */
export interface AccessToken {
  readonly token: string;
  readonly expiresAt: number | undefined;
}

/**
 * Loads `google-auth-library` on the first call that needs application-default credentials, so a program that gives
 * its own token (or a key) never needs it; `C0025` when it is missing.
 */
export async function loadGoogleAuth(): Promise<typeof GoogleAuthLibrary> {
  try {
    return await import('google-auth-library');
  } catch (error) {
    throw new StandinError(
      'C0025',
      "Vertex AI needs the package 'google-auth-library' to read Google's application-default credentials, and it " +
        'cannot be loaded. Install it beside standin: npm install google-auth-library. It is an optional peer, needed ' +
        'only by applications that give the Vertex adapter neither a token function nor an API key.',
      { cause: error },
    );
  }
}

/** Google's application-default credentials, found once per adapter: each call asks them for a token. */
export class DefaultCredentials {
  #auth: Promise<GoogleAuthLibrary.GoogleAuth> | undefined;

  async token(): Promise<AccessToken> {
    this.#auth ??= loadGoogleAuth().then(({ GoogleAuth }) => new GoogleAuth({ scopes: CLOUD_PLATFORM_SCOPE }));
    // A failed load is not kept: an application that installs the package later is not refused for good.
    const auth = await this.#auth.catch((error: unknown) => {
      this.#auth = undefined;
      throw error;
    });
    const token = await auth.getAccessToken();
    const client = await auth.getClient();
    const expiry = client.credentials?.expiry_date;
    return { token: token ?? '', expiresAt: typeof expiry === 'number' ? expiry : undefined };
  }
}
