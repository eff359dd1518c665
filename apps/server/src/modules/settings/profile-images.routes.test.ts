import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { Configuration } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';

const MAX_BYTES = 4096;

/** Tiny but complete images (1x1 pixel), as real clients would send them. */
const images = {
  png: {
    mime: 'image/png',
    data: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    ),
  },
  gif: { mime: 'image/gif', data: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64') },
  jpg: {
    mime: 'image/jpeg',
    data: Buffer.from(
      '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////' +
        '////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
      'base64',
    ),
  },
  webp: { mime: 'image/webp', data: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64') },
} as const;

/** The signature and IHDR chunk of a PNG declaring `width` x `height` (valid CRC), then IEND: no pixel data. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Part = { name: string; filename?: string; contentType?: string; data: Buffer | string };

/** A multipart/form-data body built by hand, so the test controls every byte a client could send. */
function multipart(parts: Part[]) {
  const boundary = `----tradedesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const type = p.contentType ? `\r\nContent-Type: ${p.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof p.data === 'string' ? Buffer.from(p.data) : p.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fileOf = (data: Buffer | string, filename = 'picture.png', contentType = 'image/png') =>
  multipart([{ name: 'file', filename, contentType, data }]);

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await createTestApp({ config: { uploadMaxBytes: MAX_BYTES } }));
});

async function upload(path: 'image' | 'banner', headers: Record<string, string>, body: ReturnType<typeof multipart>) {
  return app.inject({
    method: 'PUT',
    url: `/api/customer/profile/${path}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

async function configurationOf(headers: Record<string, string>): Promise<Configuration> {
  const res = await app.inject({ method: 'GET', url: '/api/customer/configuration', headers });
  expect(res.statusCode).toBe(200);
  return res.json() as Configuration;
}

describe('PUT /api/customer/profile/image and /banner', () => {
  it.each(Object.entries(images))('accepts a %s avatar and serves it back', async (ext, image) => {
    const u = await signUpAndLogin(app);
    // The name and declared type lie: only the bytes count.
    const res = await upload('image', u.auth, fileOf(image.data, 'upload.bin', 'application/octet-stream'));
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(new RegExp(`^/api/files/avatar/[0-9a-f]{32}\\.${ext}$`));
    expect((await configurationOf(u.auth)).profile.avatar).toBe(url);

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(image.mime);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(image.data)).toBe(true);
  });

  it('sets the banner separately from the avatar', async () => {
    const u = await signUpAndLogin(app);
    const avatar = (await upload('image', u.auth, fileOf(images.png.data))).json().url as string;
    const res = await upload('banner', u.auth, fileOf(images.jpg.data, 'banner.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const banner = res.json().url as string;
    expect(banner).toMatch(/^\/api\/files\/banner\/[0-9a-f]{32}\.jpg$/);
    expect((await configurationOf(u.auth)).profile).toMatchObject({ avatar, banner });
  });

  it('a new avatar replaces the old one, whose file is deleted', async () => {
    const u = await signUpAndLogin(app);
    const first = (await upload('image', u.auth, fileOf(images.png.data))).json().url as string;
    const second = (await upload('image', u.auth, fileOf(images.gif.data, 'a.gif', 'image/gif'))).json().url as string;
    expect(second).not.toBe(first);
    expect((await configurationOf(u.auth)).profile.avatar).toBe(second);
    expect((await app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  it('a text file named .png is refused with 415 naming the accepted types', async () => {
    const u = await signUpAndLogin(app);
    const res = await upload('image', u.auth, fileOf('just some text, honestly', 'evil.png', 'image/png'));
    expectFieldError(res, {
      status: 415,
      code: 'SETTINGS_UPLOAD_TYPE',
      field: 'file',
      message: 'The file must be a PNG, JPEG, WebP or GIF image.',
    });
    expect((await configurationOf(u.auth)).profile.avatar).toBeNull();
  });

  it('other real formats that are not images we accept are refused (PDF)', async () => {
    const u = await signUpAndLogin(app);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const res = await upload('banner', u.auth, fileOf(pdf, 'x.png'));
    expect(res.statusCode).toBe(415);
  });

  it('a file over the limit is refused with 413 naming the limit', async () => {
    const u = await signUpAndLogin(app);
    const big = Buffer.concat([images.png.data, Buffer.alloc(MAX_BYTES)]);
    const res = await upload('image', u.auth, fileOf(big));
    expectFieldError(res, {
      status: 413,
      code: 'SETTINGS_UPLOAD_TOO_LARGE',
      field: 'file',
      message: 'The file must be at most 4 KB.',
    });
    expect((await configurationOf(u.auth)).profile.avatar).toBeNull();
  });

  it('a request without the file field, or not multipart, is a 400 naming file', async () => {
    const u = await signUpAndLogin(app);
    let res = await upload('image', u.auth, multipart([{ name: 'picture', filename: 'a.png', data: images.png.data }]));
    expectFieldError(res, {
      code: 'SETTINGS_UPLOAD_MISSING',
      field: 'file',
      message: 'The file is required: send it in a multipart field named file.',
    });
    res = await upload('image', u.auth, multipart([{ name: 'note', data: 'hello' }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SETTINGS_UPLOAD_MISSING' });
    res = await app.inject({
      method: 'PUT',
      url: '/api/customer/profile/image',
      headers: u.auth,
      payload: { file: 'x' },
    });
    expectFieldError(res, {
      code: 'SETTINGS_UPLOAD_MISSING',
      field: 'file',
      message: 'Send the image as multipart/form-data in a field named file.',
    });
  });

  it.each([
    ['text/plain', 'hello'],
    ['application/xml', '<file/>'],
    ['application/octet-stream', images.png.data],
    ['image/png', images.png.data],
  ])('a %s body instead of multipart is a 400 naming file', async (contentType, payload) => {
    const u = await signUpAndLogin(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/customer/profile/banner',
      headers: { ...u.auth, 'content-type': contentType },
      payload,
    });
    expectFieldError(res, { code: 'SETTINGS_UPLOAD_MISSING', field: 'file' });
  });

  it('a malformed multipart body (no boundary, cut short, broken part header) is a 400, never a 500', async () => {
    const u = await signUpAndLogin(app);
    const whole = fileOf(images.png.data);
    const boundary = whole.headers['content-type'].split('boundary=')[1]!;
    const bodies: Array<{ contentType: string; payload: Buffer | string }> = [
      { contentType: 'multipart/form-data', payload: whole.payload },
      { contentType: 'multipart/form-data; boundary=', payload: whole.payload },
      { contentType: whole.headers['content-type'], payload: whole.payload.subarray(0, whole.payload.length - 30) },
      { contentType: whole.headers['content-type'], payload: whole.payload.subarray(0, 40) },
      { contentType: whole.headers['content-type'], payload: `--${boundary}\r\nContent-Disposition: form-data\r\n` },
      { contentType: whole.headers['content-type'], payload: `--${boundary}\r\nno header separator at all` },
      { contentType: whole.headers['content-type'], payload: '' },
      { contentType: 'multipart/form-data; boundary=other', payload: whole.payload },
    ];
    for (const [i, body] of bodies.entries()) {
      for (const path of ['image', 'banner'] as const) {
        const res = await app.inject({
          method: 'PUT',
          url: `/api/customer/profile/${path}`,
          headers: { ...u.auth, 'content-type': body.contentType },
          payload: body.payload,
        });
        expect(res.statusCode, `body ${i} to ${path}: ${res.body}`).toBe(400);
        expect(res.json(), `body ${i}`).toMatchObject({
          statusCode: 400,
          code: expect.stringMatching(/^SETTINGS_UPLOAD_/),
        });
        expect(res.json().details.fields[0].field).toBe('file');
      }
    }
    expect((await configurationOf(u.auth)).profile).toMatchObject({ avatar: null, banner: null });
  });

  it('an image declaring absurd dimensions is refused before decoding, naming the limit', async () => {
    const u = await signUpAndLogin(app);
    let res = await upload('banner', u.auth, fileOf(pngDeclaring(65535, 65535)));
    expectFieldError(res, {
      code: 'SETTINGS_UPLOAD_DIMENSIONS',
      field: 'file',
      message: 'The image is 65535 x 65535 pixels; the banner may be at most 8000 x 8000 pixels.',
    });
    res = await upload('image', u.auth, fileOf(pngDeclaring(5000, 10)));
    expectFieldError(res, {
      code: 'SETTINGS_UPLOAD_DIMENSIONS',
      field: 'file',
      message: 'The image is 5000 x 10 pixels; the avatar may be at most 4096 x 4096 pixels.',
    });
    // The same header within the limits is accepted: only the declared size was wrong.
    expect((await upload('banner', u.auth, fileOf(pngDeclaring(8000, 2000)))).statusCode).toBe(200);
    const gif = Buffer.from(images.gif.data);
    gif.writeUInt16LE(65535, 6);
    gif.writeUInt16LE(65535, 8);
    res = await upload('image', u.auth, fileOf(gif, 'big.gif', 'image/gif'));
    expectFieldError(res, { code: 'SETTINGS_UPLOAD_DIMENSIONS', field: 'file', message: /65535 x 65535/ });
  });

  it('an image whose header is cut off is refused as unreadable', async () => {
    const u = await signUpAndLogin(app);
    // Cut inside the IHDR chunk: the signature says PNG, the height is missing. Nothing past the upload's own
    // bytes may be read as its size.
    const res = await upload('image', u.auth, fileOf(images.png.data.subarray(0, 20)));
    expectFieldError(res, {
      code: 'SETTINGS_UPLOAD_UNREADABLE',
      field: 'file',
      message: 'The image could not be read: its header is damaged.',
    });
  });

  it('without a token the upload is a 401', async () => {
    const res = await upload('image', {}, fileOf(images.png.data));
    expect(res.statusCode).toBe(401);
  });

  it('one user’s upload never changes another’s profile', async () => {
    const a = await signUpAndLogin(app);
    const b = await signUpAndLogin(app);
    const url = (await upload('image', a.auth, fileOf(images.png.data))).json().url as string;
    expect((await configurationOf(b.auth)).profile.avatar).toBeNull();
    await upload('image', b.auth, fileOf(images.gif.data));
    expect((await configurationOf(a.auth)).profile.avatar).toBe(url);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('deleting the account deletes its images', async () => {
    const u = await signUpAndLogin(app);
    const avatar = (await upload('image', u.auth, fileOf(images.png.data))).json().url as string;
    const banner = (await upload('banner', u.auth, fileOf(images.webp.data))).json().url as string;
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/customer/delete',
      headers: u.auth,
      payload: { password: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: banner })).statusCode).toBe(404);
  });
});

describe('GET /api/files/*', () => {
  it.each(['/api/files/avatar/00000000000000000000000000000000.png', '/api/files/nothing'])(
    '%s -> 404',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        code: 'FILE_NOT_FOUND',
        message: 'There is no file at this address.',
      });
    },
  );

  it.each([
    '/api/files/..%2F..%2Fsecrets.json',
    '/api/files/..%2Fsecrets.json',
    '/api/files/avatar/%2E%2E/%2E%2E/secrets.json',
    '/api/files/%2Fetc%2Fpasswd',
  ])('never serves a file outside the store: %s -> 404', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('jwt');
  });

  it('does not serve the content-type sidecar of a stored file', async () => {
    const u = await signUpAndLogin(app);
    const url = (await upload('image', u.auth, fileOf(images.png.data))).json().url as string;
    expect((await app.inject({ method: 'GET', url: `${url}.type` })).statusCode).toBe(404);
  });
});
