import { createTypesafeClassifier } from 'standin';
import { classifierConformsOverTheWire } from '../support/classifierOverTheWire.js';

classifierConformsOverTheWire({
  name: 'the TypeSafe classifier against the wire server',
  adapter: ({ url, headers, fetch, apiKey }) => createTypesafeClassifier({ baseURL: url, headers, fetch, apiKey }),
});
