import { createDecisionsClassifier } from 'standin';
import { classifierConformsOverTheWire } from '../support/classifierOverTheWire.js';

classifierConformsOverTheWire({
  name: 'the Decisions classifier against the wire server',
  adapter: ({ url, headers, fetch, apiKey }) =>
    createDecisionsClassifier({ baseURL: `${url}/v1`, headers, fetch, apiKey }),
});
