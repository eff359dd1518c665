import { afterAll, describe, expect, it } from 'vitest';
import { createTesseractOcr } from './knowledge.ocr.js';
import { scannedPng } from './knowledge.test-helpers.js';

const ocr = createTesseractOcr();
afterAll(() => ocr.close());

describe('tesseract OCR (offline, packaged English data)', () => {
  it('reads the text of a generated scanned page', async () => {
    const png = await scannedPng(['Maximum daily drawdown five percent', 'Close all positions before Friday']);
    const text = await ocr.recognize(png, new AbortController().signal);
    expect(text).toContain('Maximum daily drawdown five percent');
    expect(text).toContain('Close all positions before Friday');
  });

  it('gives up at once on an aborted signal, and works again after', async () => {
    const controller = new AbortController();
    controller.abort(new Error('too late'));
    const png = await scannedPng(['Second page']);
    await expect(ocr.recognize(png, controller.signal)).rejects.toThrow('too late');
    expect(await ocr.recognize(png, new AbortController().signal)).toContain('Second page');
  });

  it('ends a running recognition when its signal aborts, and starts a fresh worker for the next', async () => {
    const png = await scannedPng(['Abort me while reading']);
    const controller = new AbortController();
    const running = ocr.recognize(png, controller.signal);
    // one turn of the event loop: the job is with the worker (reading takes hundreds of milliseconds)
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new Error('timed out'));
    await expect(running).rejects.toThrow('timed out');
    expect(await ocr.recognize(png, new AbortController().signal)).toContain('Abort me while reading');
  });

  it('finishes another upload’s job when one upload’s limit ends the shared worker', async () => {
    const [slow, other] = await Promise.all([
      scannedPng(['First upload gives up']),
      scannedPng(['Second upload waits']),
    ]);
    const controller = new AbortController();
    const first = ocr.recognize(slow, controller.signal);
    const second = ocr.recognize(other, new AbortController().signal);
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new Error('limit'));
    await expect(first).rejects.toThrow('limit');
    expect(await second).toContain('Second upload waits');
  });

  it('lets a queued job give up while it waits, and runs the ones after it', async () => {
    const [a, b, c] = await Promise.all([scannedPng(['Job A']), scannedPng(['Job B']), scannedPng(['Job C'])]);
    const waiting = new AbortController();
    const jobA = ocr.recognize(a, new AbortController().signal);
    const jobB = ocr.recognize(b, waiting.signal);
    const jobC = ocr.recognize(c, new AbortController().signal);
    waiting.abort(new Error('gave up'));
    await expect(jobB).rejects.toThrow('gave up');
    expect(await jobA).toContain('Job A');
    expect(await jobC).toContain('Job C');
  });
});
