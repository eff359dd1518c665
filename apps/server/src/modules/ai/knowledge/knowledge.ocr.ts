import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';

/** Reads the text of an image (a scanned page). */
export interface Ocr {
  recognize(image: Buffer, signal: AbortSignal): Promise<string>;
  close(): Promise<void>;
}

/** The English data packaged with @tesseract.js-data/eng: OCR never downloads anything. */
function englishDataPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
}

/**
 * OCR with tesseract.js, fully offline. One worker, created on first use and kept (starting one costs a few
 * hundred milliseconds and some 30 MB); jobs run one after another, queued here. A recognition that outlives its
 * signal (the upload's 5 minute limit) ends the worker, since a running job cannot be stopped otherwise (and a
 * terminated worker never settles the jobs it holds, hence one job at a time); the next job starts a fresh one.
 */
export function createTesseractOcr(): Ocr {
  let worker: Promise<Worker> | undefined;
  const start = () => {
    worker ??= createWorker('eng', 1, { langPath: englishDataPath(), cacheMethod: 'none', gzip: true }).catch(
      (error: unknown) => {
        worker = undefined;
        throw error;
      },
    );
    return worker;
  };
  const stop = async () => {
    const current = worker;
    worker = undefined;
    if (current) await (await current.catch(() => undefined))?.terminate().catch(() => undefined);
  };
  /** One job on the worker, which has no other job meanwhile: ending it on abort harms nobody else. */
  async function run(image: Buffer, signal: AbortSignal): Promise<string> {
    const w = await start();
    signal.throwIfAborted();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        void stop();
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      w.recognize(image).then(
        (result) => {
          signal.removeEventListener('abort', onAbort);
          resolve(result.data.text);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  /** Jobs run one at a time: each waits for the one before (and may give up while waiting). */
  let tail: Promise<void> = Promise.resolve();
  function waitTurn(previous: Promise<void>, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      void previous.then(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }

  return {
    async recognize(image, signal) {
      signal.throwIfAborted();
      const previous = tail;
      let release!: () => void;
      tail = new Promise<void>((resolve) => {
        release = resolve;
      });
      try {
        await waitTurn(previous, signal);
        return await run(image, signal);
      } finally {
        // a job that gave up while waiting still hands on its turn only once the one before it is done
        void previous.then(release);
      }
    },
    close: stop,
  };
}
