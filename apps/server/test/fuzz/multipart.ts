import fc from 'fast-check';
import { type Body, MULTIPART_TYPE, type Mutation } from './draft.js';
import { headerText } from './transport.js';

/** Multipart uploads: well-formed ones (so a valid file reaches the handler) and ones broken at the transport level. */

export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);
/** A PNG header that declares 65535 x 65535 pixels. */
const absurdPng = (() => {
  const b = Buffer.from(tinyPng);
  b.writeUInt32BE(65535, 16);
  b.writeUInt32BE(65535, 20);
  return b;
})();
const gifHeader = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

const fileBytes = fc.oneof(
  fc.constantFrom(
    tinyPng,
    absurdPng,
    gifHeader,
    Buffer.alloc(0),
    Buffer.from('not an image'),
    Buffer.from('<svg onload=alert(1)>'),
  ),
  fc.uint8Array({ maxLength: 512 }).map((a) => Buffer.from(a)),
);

function multipartBody(parts: Array<{ headers: string; data: Buffer | string }>, boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(`--${boundary}\r\n${p.headers}\r\n\r\n`, 'latin1'),
      Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const boundaryArb = fc
  .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'), minLength: 8, maxLength: 40 })
  .map((s) => `fz${s}`);

/** A well-formed multipart upload with one file field (valid as far as the transport goes). */
export function multipartValid(fields: string[]): fc.Arbitrary<Body> {
  const name = fields[0] ?? 'file';
  return fc
    .tuple(boundaryArb, fileBytes, fc.constantFrom('image/png', 'image/gif', 'application/octet-stream'))
    .map(([b, data, type]) => ({
      kind: 'raw' as const,
      data: multipartBody(
        [
          {
            headers: `Content-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: ${type}`,
            data,
          },
        ],
        b,
      ),
      contentType: `${MULTIPART_TYPE}; boundary=${b}`,
    }));
}

/** Multipart bodies that are broken or abusive at the transport level. */
export function multipartHostile(fields: string[]): fc.Arbitrary<Mutation> {
  const name = fields[0] ?? 'file';
  const file = (b: string, data: Buffer | string, extra = '') =>
    multipartBody(
      [
        {
          headers: `Content-Disposition: form-data; name="${name}"; filename="a.png"${extra}\r\nContent-Type: image/png`,
          data,
        },
      ],
      b,
    );
  const raw = (label: string, data: Buffer | string, contentType: string | undefined): Mutation => ({
    label: `multipart: ${label}`,
    apply: (d) => ({ ...d, body: { kind: 'raw', data, contentType } }),
  });
  return fc
    .tuple(boundaryArb, fileBytes, fc.integer({ min: 1, max: 400 }), headerText)
    .chain(([b, data, cut, text]) => {
      const whole = file(b, data);
      return fc.constantFrom<Mutation>(
        raw('no boundary parameter', whole, MULTIPART_TYPE),
        raw('empty boundary', whole, `${MULTIPART_TYPE}; boundary=`),
        raw(
          `truncated after ${Math.min(cut, whole.length)} bytes`,
          whole.subarray(0, Math.min(cut, whole.length)),
          `${MULTIPART_TYPE}; boundary=${b}`,
        ),
        raw('no closing boundary', whole.subarray(0, whole.length - b.length - 6), `${MULTIPART_TYPE}; boundary=${b}`),
        raw('boundary in the header differs from the body', whole, `${MULTIPART_TYPE}; boundary=${b}x`),
        raw(
          'boundary longer than 70 characters',
          file('b'.repeat(200), data),
          `${MULTIPART_TYPE}; boundary=${'b'.repeat(200)}`,
        ),
        raw('empty body', '', `${MULTIPART_TYPE}; boundary=${b}`),
        raw('JSON sent as multipart', '{"file":"x"}', `${MULTIPART_TYPE}; boundary=${b}`),
        raw('garbage preamble only', `garbage ${text}`, `${MULTIPART_TYPE}; boundary=${b}`),
        raw('LF line ends', whole.toString('latin1').replaceAll('\r\n', '\n'), `${MULTIPART_TYPE}; boundary=${b}`),
        raw(
          'file field under another name',
          multipartBody([{ headers: `Content-Disposition: form-data; name="other"; filename="a.png"`, data }], b),
          `${MULTIPART_TYPE}; boundary=${b}`,
        ),
        raw(
          'two files',
          multipartBody(
            [
              { headers: `Content-Disposition: form-data; name="${name}"; filename="a.png"`, data: tinyPng },
              { headers: `Content-Disposition: form-data; name="${name}"; filename="b.png"`, data: tinyPng },
            ],
            b,
          ),
          `${MULTIPART_TYPE}; boundary=${b}`,
        ),
        raw(
          'text field instead of a file',
          multipartBody([{ headers: `Content-Disposition: form-data; name="${name}"`, data: 'hello' }], b),
          `${MULTIPART_TYPE}; boundary=${b}`,
        ),
        raw(
          'fifty text fields',
          multipartBody(
            Array.from({ length: 50 }, (_, i) => ({
              headers: `Content-Disposition: form-data; name="f${i}"`,
              data: 'x'.repeat(2000),
            })),
            b,
          ),
          `${MULTIPART_TYPE}; boundary=${b}`,
        ),
        raw(
          'hostile file name',
          file(b, tinyPng).toString('latin1').replace('a.png', `../../${text}`),
          `${MULTIPART_TYPE}; boundary=${b}`,
        ),
        raw(
          'part without Content-Disposition',
          multipartBody([{ headers: 'Content-Type: image/png', data: tinyPng }], b),
          `${MULTIPART_TYPE}; boundary=${b}`,
        ),
        raw(
          'file larger than the upload limit',
          file(b, Buffer.concat([tinyPng, Buffer.alloc(1_100_000)])),
          `${MULTIPART_TYPE}; boundary=${b}`,
        ),
      );
    });
}
