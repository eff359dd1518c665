// A Vitest reporter that writes what a reader of the last lines of `npm test` needs and would otherwise scroll
// past: the failed tests with their first error line, the tests that passed only on a retry (flaky), errors
// raised outside any test, and the slowest files. scripts/test.mjs prints the file in its final summary.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';

export const SUMMARY_FILE = 'test-results/unit-summary.txt';

const where = (t: TestCase) => `[${t.project.name}] ${relative(process.cwd(), t.module.moduleId)} › ${t.fullName}`;
const firstLine = (e: { message?: string } | undefined) => (e?.message ?? '').split('\n')[0]?.slice(0, 300) ?? '';

export default class SummaryReporter implements Reporter {
  private failed: string[] = [];
  private flaky: string[] = [];

  onTestCaseResult(test: TestCase) {
    const result = test.result();
    if (result.state === 'failed') this.failed.push(`${where(test)}\n      ${firstLine(result.errors?.[0])}`);
    else if (result.state === 'passed' && test.diagnostic()?.flaky) this.flaky.push(where(test));
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>) {
    const lines: string[] = [];
    const section = (title: string, items: string[]) => {
      if (items.length === 0) return;
      lines.push(`${title} (${items.length}):`, ...items.map((i) => `  ${i}`));
    };
    section('failed tests', this.failed);
    section('passed only on a retry (flaky: look at them)', this.flaky);
    section(
      'errors outside any test',
      unhandled.map((e) => firstLine(e)),
    );
    for (const m of modules) {
      if (m.state() === 'failed' && m.errors().length > 0)
        section(`file failed: ${relative(process.cwd(), m.moduleId)}`, m.errors().map(firstLine));
    }
    const slowest = [...modules]
      .map((m) => ({ name: `[${m.project.name}] ${relative(process.cwd(), m.moduleId)}`, ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10)
      .map((m) => `${(m.ms / 1000).toFixed(1)} s  ${m.name}`);
    section('slowest files', slowest);
    mkdirSync(dirname(SUMMARY_FILE), { recursive: true });
    writeFileSync(SUMMARY_FILE, `${lines.join('\n')}\n`);
  }
}
