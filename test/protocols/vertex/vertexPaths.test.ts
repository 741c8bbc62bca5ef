import { describe, expect, it } from 'vitest';
import { methodPattern, publisherPath } from '../../../src/protocols/vertex/vertexPaths.js';

describe('publisherPath', () => {
  it("is a project's and location's publisher path", () => {
    expect(publisherPath({ project: 'help-desk', location: 'us-east5' })).toBe(
      '/v1/projects/help-desk/locations/us-east5/publishers/google',
    );
  });

  it('is the publisher alone in express mode', () => {
    expect(publisherPath(undefined)).toBe('/v1/publishers/google');
  });
});

describe('methodPattern', () => {
  it('reads the project, location and model of a path publisherPath writes', () => {
    const path = `${publisherPath({ project: 'help-desk', location: 'global' })}/models/gemini-2.5-flash:generateContent`;
    expect(methodPattern('generateContent').exec(path)?.groups).toEqual({
      project: 'help-desk',
      location: 'global',
      model: 'gemini-2.5-flash',
    });
  });

  it('reads the model of an express mode path, and of the v1beta1 paths', () => {
    expect(methodPattern('predict').exec('/v1/publishers/google/models/imagen-4.0:predict')?.groups?.model).toBe(
      'imagen-4.0',
    );
    expect(
      methodPattern('embedContent').exec('/v1beta1/projects/p/locations/l/publishers/google/models/e:embedContent'),
    ).not.toBeNull();
  });

  it("matches no other method's path", () => {
    expect(methodPattern('generateContent').exec('/v1/publishers/google/models/m:streamGenerateContent')).toBeNull();
  });
});
