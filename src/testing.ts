import 'reflect-metadata';

export { createTestContainer } from './testing/createTestContainer.js';
export { createTestApp } from './testing/createTestApp.js';
export type { ConformanceCase, ConformanceRunner } from './testing/classificationAdapterConformance.js';
export { classificationAdapterConformance, classificationConformanceCases } from './testing/classificationAdapterConformance.js';
export { FakeClassification } from './fakes/classification/FakeClassification.js';
export { testModule } from './testing/testModule.js';
export { TestApp } from './testing/TestApp.js';
export { InstantClock } from './services/clock/InstantClock.js';
