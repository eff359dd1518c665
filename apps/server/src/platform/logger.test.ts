import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.js';

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
