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
 * hundred milliseconds and some 30 MB); its jobs run one after another. A recognition that outlives its signal
 * (the upload's 5 minute limit) ends the worker, since a running job cannot be stopped otherwise; the next call
 * starts a fresh one.
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
  return {
    async recognize(image, signal) {
      signal.throwIfAborted();
      const w = await start();
      signal.throwIfAborted();
      return new Promise<string>((resolve, reject) => {
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
    },
    close: stop,
  };
}
