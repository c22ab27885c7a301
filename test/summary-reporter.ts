// Prints one plain closing line, `tests: N passed, N failed, N skipped`, after vitest's own
// report, so CI logs (and tools that read a run's last lines) state the outcome in words.
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed' || state === 'failed' || state === 'skipped') counts[state] += 1;
      }
      // A file that failed to load has no tests to count; it still fails the run.
      if (module.state() === 'failed' && !module.children.size) counts.failed += 1;
    }
    console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
