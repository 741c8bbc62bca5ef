// The first step of testing with standin: every app in this test process refuses real calls, so a
// test that forgets useStandin fails with E0008 instead of calling a provider with real keys.
import { guardRealCalls } from 'standin/testing';

guardRealCalls();
