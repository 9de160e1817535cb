// Prints one closing line over every suite that ran: "N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs';

type Counts = { passed: number; failed: number; skipped: number };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  if ('numPassedTests' in report) {
    // vitest's JSON reporter (jest-compatible shape)
    total.passed += Number(report.numPassedTests);
    total.failed += Number(report.numFailedTests);
    total.skipped += Number(report.numPendingTests) + Number(report.numTodoTests ?? 0);
  } else if ('stats' in report) {
    // Playwright's JSON reporter
    const stats = report.stats as { expected: number; unexpected: number; flaky: number; skipped: number };
    total.passed += stats.expected + stats.flaky;
    total.failed += stats.unexpected;
    total.skipped += stats.skipped;
  }
}
console.log(`\nTotal: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed > 0 ? 1 : 0;
