import { execFileSync } from 'node:child_process';

/** Fails with what to install when python3 has no pytest: a pytest recipe runs on pytest, so its test needs it. */
export function needPytest(): void {
  try {
    execFileSync('python3', ['-c', 'import pytest'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'The pytest recipe runs on pytest, and python3 has none: install it (python3 -m pip install pytest).',
    );
  }
}
