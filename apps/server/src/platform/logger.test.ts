import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { childLoggerFactory, loggerOptions, redactUrl, serializeError } from './logger.js';

describe('redactUrl', () => {
  it.each([
    ['/api/ws?access_token=abc.def.ghi', '/api/ws?access_token=[redacted]'],
    ['/activate?token=s3cret&x=1', '/activate?token=[redacted]&x=1'],
    [
      '/api/customer/login/google/callback?code=c0de&state=st4te',
      '/api/customer/login/google/callback?code=[redacted]&state=[redacted]',
    ],
    ['/api/market/timezones?page=2', '/api/market/timezones?page=2'],
  ])('%s', (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });
});

describe('serializeError', () => {
  it('drops the parameters and the SQL drizzle puts in its message, and keeps the database error names', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      severity: 'ERROR',
      constraint: 'users_email_key',
      table: 'users',
      detail: 'Key (email)=(ada@example.com) already exists.',
      query: 'insert into users values ($1, $2)',
      params: ['ada@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'],
    });
    const error = new DrizzleQueryError(
      'insert into users values ($1, $2)',
      ['ada@example.com', '$argon2id$hash'],
      cause,
    );
    const safe = serializeError(error);
    const text = JSON.stringify(safe);
    expect(safe).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Database query failed (its SQL and parameters are not logged)',
      cause: { errorCode: '23505', constraint: 'users_email_key', table: 'users', severity: 'ERROR' },
    });
    for (const secret of ['ada@example.com', 'argon2id', 'insert into', '"detail"', '"params"', '"query"']) {
      expect(text).not.toContain(secret);
    }
    expect(safe.stack).toMatch(/^DrizzleQueryError: Database query failed.*\n {4}at /);
  });

  it('hides the quoted input a database message may carry', () => {
    const error = Object.assign(new Error('invalid input syntax for type uuid: "secret-value"'), {
      code: '22P02',
      severity: 'ERROR',
    });
    expect(serializeError(error).message).toBe('invalid input syntax for type uuid: "…"');
  });

  it('serialises what is not an Error without crashing', () => {
    expect(serializeError('boom')).toMatchObject({ type: 'NonError', message: 'boom' });
    expect(serializeError({ password: 'x' })).toMatchObject({
      type: 'NonError',
      message: expect.not.stringContaining('x'),
    });
  });
});

describe('redaction of secret-named fields', () => {
  it('censors them at any depth of a log object, and errors through serializeError', () => {
    const lines: string[] = [];
    const log = pino(
      { ...(loggerOptions({ logLevel: 'info', env: 'production' }) as pino.LoggerOptions) },
      { write: (line: string) => lines.push(line) },
    );
    const err = Object.assign(new Error('failed'), { params: ['p@example.com'], query: 'select 1', code: 'E1' });
    log.info(
      {
        password: 'pw-top',
        input: { password: 'pw-1', token: 'tok-1', code: '123456', nested: { refreshToken: 'rt-2', hash: 'h-2' } },
        headers: { authorization: 'Bearer abc' },
        a: { b: { c: { secret: 's-3', passwordHash: 'ph-3' } } },
        provider: { apiKey: 'sk-ai-4', baseUrl: 'https://models.example' },
        body: { api_key: 'sk-ai-5' },
        err,
        code: 'AUTH_GOOGLE_DENIED',
      },
      'hello',
    );
    const text = lines.join('');
    for (const secret of [
      'pw-top',
      'pw-1',
      'tok-1',
      '123456',
      'rt-2',
      'h-2',
      'Bearer abc',
      's-3',
      'ph-3',
      'p@example.com',
      'sk-ai-4',
      'sk-ai-5',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
    // An outcome code at the top level and an error's code stay readable.
    expect(JSON.parse(text)).toMatchObject({ code: 'AUTH_GOOGLE_DENIED', err: { errorCode: 'E1' } });
  });
});

describe('request logs', () => {
  it('carry the request id on every line of a request, its children’s too, with secrets still redacted', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
    const options = loggerOptions({ logLevel: 'info', env: 'test' }) as pino.LoggerOptions;
    const app = Fastify({ loggerInstance: pino(options, stream), childLoggerFactory });
    app.get('/x', async (request) => {
      request.log.info({ form: { password: 'hunter2' } }, 'handled');
      request.log.child({ part: 'inner' }).info({ token: 'abc' }, 'inner');
      return { ok: true };
    });
    const res = await app.inject({ method: 'GET', url: '/x', headers: { authorization: 'Bearer abc' } });
    await app.close();
    expect(res.statusCode).toBe(200);
    const requestLines = lines.filter((l) => l.reqId !== undefined);
    expect(requestLines.map((l) => l.msg)).toEqual(['incoming request', 'handled', 'inner', 'request completed']);
    expect(new Set(requestLines.map((l) => l.reqId)).size).toBe(1);
    expect(requestLines[1]).toMatchObject({ form: { password: '[redacted]' } });
    expect(requestLines[2]).toMatchObject({ part: 'inner', token: '[redacted]' });
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|Bearer abc/);
  });
});
