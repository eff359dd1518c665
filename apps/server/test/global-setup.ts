import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { testCacheDir } from './temp.js';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Gives the run a folder for its temporary files (data folders, fixtures) and removes it when the run ends.
 * A run that was killed cannot clean up after itself: the next run removes the folders of runs whose process
 * is gone, so nothing piles up, and the folder of a run going on beside this one is left alone.
 */
export default function setup(project: TestProject) {
  const runs = join(testCacheDir, 'runs');
  mkdirSync(runs, { recursive: true });
  for (const name of readdirSync(runs)) {
    const pid = Number(name.split('-')[0]);
    if (!Number.isInteger(pid) || !isRunning(pid)) rmSync(join(runs, name), { recursive: true, force: true });
  }
  const runDir = mkdtempSync(join(runs, `${process.pid}-`));
  project.provide('testRunDir', runDir);
  return () => rmSync(runDir, { recursive: true, force: true });
}
