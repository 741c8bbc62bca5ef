import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vertexBase } from '../../../../src/services/providers/vertex/vertexBase.js';

beforeEach(() => {
  vi.stubEnv('GOOGLE_CLOUD_LOCATION', '');
  vi.stubEnv('GOOGLE_CLOUD_PROJECT', '');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('vertexBase', () => {
  it("is the location's own host, the project and location in the path", () => {
    expect(vertexBase({ project: 'help-desk-prod', location: 'europe-west4' }, 'vertex', false)).toBe(
      'https://europe-west4-aiplatform.googleapis.com/v1/projects/help-desk-prod/locations/europe-west4/publishers/google',
    );
  });

  it('is us-central1 when neither the settings nor GOOGLE_CLOUD_LOCATION name a location', () => {
    expect(vertexBase({ project: 'help-desk-prod' }, 'vertex', false)).toBe(
      'https://us-central1-aiplatform.googleapis.com/v1/projects/help-desk-prod/locations/us-central1/publishers/google',
    );
  });

  it('is the one global host for location global', () => {
    expect(vertexBase({ project: 'help-desk-prod', location: 'global' }, 'vertex', false)).toBe(
      'https://aiplatform.googleapis.com/v1/projects/help-desk-prod/locations/global/publishers/google',
    );
  });

  it('has no project in express mode, on the global host', () => {
    expect(vertexBase({ project: 'help-desk-prod', location: 'europe-west4' }, 'vertex', true)).toBe(
      'https://aiplatform.googleapis.com/v1/publishers/google',
    );
  });

  it('keeps a custom host, its trailing slashes dropped', () => {
    expect(
      vertexBase({ baseURL: 'http://127.0.0.1:4010//', project: 'p-1', location: 'global' }, 'vertex', false),
    ).toBe('http://127.0.0.1:4010/v1/projects/p-1/locations/global/publishers/google');
  });
});
