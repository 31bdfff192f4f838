import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives defaults that run the storefront on PGlite at port 3000', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe('./data');
    expect(config.TRUST_PROXY).toBe(false);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', "Invalid configuration: PORT must be a number (got 'abc')"],
    ['PORT', '70000', "Invalid configuration: PORT must be between 1 and 65535 (got '70000')"],
    ['PORT', '30.5', "Invalid configuration: PORT must be a whole number (got '30.5')"],
    ['LOG_LEVEL', 'loud', 'Invalid configuration: LOG_LEVEL'],
    ['NODE_ENV', 'staging', 'Invalid configuration: NODE_ENV'],
    [
      'TRUST_PROXY',
      'yes',
      "Invalid configuration: TRUST_PROXY must be 'false', the number of proxies in front (1, 2), or their addresses (10.0.0.1,10.1.0.0/16) (got 'yes')",
    ],
    [
      'TRUST_PROXY',
      'true',
      "Invalid configuration: TRUST_PROXY 'true' would trust every X-Forwarded-For hop; write the number of proxies in front (e.g. 1) or their addresses",
    ],
    ['TRUST_PROXY', '0', 'Invalid configuration: TRUST_PROXY'],
    ['TRUST_PROXY', '10.0.0.1,not-an-address', 'Invalid configuration: TRUST_PROXY'],
    [
      'DATABASE_URL',
      'mysql://root@localhost/db',
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// connection URL',
    ],
  ])('rejects %s=%s with one line naming the variable', (key, value, message) => {
    let thrown: unknown;
    try {
      loadConfig({ [key]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const text = (thrown as Error).message;
    expect(text.startsWith(message)).toBe(true);
    expect(text).not.toContain('\n');
  });

  it.each([
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.1, 10.1.0.0/16,fd00::/8', ['10.0.0.1', '10.1.0.0/16', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s as the trusted hops', (value, trusted) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(trusted);
  });

  it('never echoes a database URL, which may hold a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:secret@host/db' })).toThrow(
      /^((?!secret).)*$/,
    );
  });

  it('gives one instance HTTP limits, and refuses a header timeout longer than the request timeout', () => {
    const config = loadConfig({});
    expect(config.HTTP_HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(config.HTTP_REQUEST_TIMEOUT_MS);
    expect(config.HTTP_MAX_CONNECTIONS).toBe(2000);
    expect(() =>
      loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '10000' }),
    ).toThrow(
      'Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    );
  });

  it('keeps the test clock off, and refuses it on a storefront without the demo data', () => {
    expect(loadConfig({}).TEST_CLOCK).toBe(false);
    expect(loadConfig({ TEST_CLOCK: 'true' }).TEST_CLOCK).toBe(true);
    expect(() =>
      loadConfig({
        TEST_CLOCK: 'true',
        DATABASE_URL: 'postgres://app@db/crimsonhost',
        JWT_SECRET: 'x'.repeat(48),
      }),
    ).toThrow(/TEST_CLOCK is only for the demo/);
  });

  it('keeps PayPal off until its three credentials are set, and names what is missing', () => {
    const config = loadConfig({});
    expect(config.PAYPAL_CLIENT_ID).toBeUndefined();
    expect(config).toMatchObject({
      PAYPAL_ENVIRONMENT: 'sandbox',
      PAYPAL_CURRENCY: 'USD',
      PAYPAL_USDT_RATE: '1',
      PAYPAL_MIN_AMOUNT: '5',
      PAYPAL_MAX_AMOUNT: '1000',
    });
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'app', PAYPAL_CLIENT_SECRET: 'secret' })).toThrow(
      'Invalid configuration: PayPal needs PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID together; missing: PAYPAL_WEBHOOK_ID',
    );
    const full = { PAYPAL_CLIENT_ID: 'app', PAYPAL_CLIENT_SECRET: 's', PAYPAL_WEBHOOK_ID: 'WH' };
    expect(loadConfig(full).PAYPAL_WEBHOOK_ID).toBe('WH');
    expect(() => loadConfig({ ...full, PAYPAL_MIN_AMOUNT: '50', PAYPAL_MAX_AMOUNT: '20' })).toThrow(
      /PAYPAL_MIN_AMOUNT must not be above PAYPAL_MAX_AMOUNT/,
    );
    expect(() => loadConfig({ ...full, PAYPAL_MIN_AMOUNT: '0.50' })).toThrow(
      /more than the fee taken from it/,
    );
    expect(() => loadConfig({ PAYPAL_CURRENCY: 'usd' })).toThrow(
      'Invalid configuration: PAYPAL_CURRENCY must be a three-letter currency code such as USD',
    );
    expect(() => loadConfig({ PAYPAL_MIN_AMOUNT: '5.555' })).toThrow(
      /PAYPAL_MIN_AMOUNT must be an amount such as 5 or 10.50/,
    );
    expect(() =>
      loadConfig({ ...full, PAYPAL_ENVIRONMENT: 'live', PAYPAL_API_URL: 'http://127.0.0.1:9' }),
    ).toThrow(/PAYPAL_API_URL is for the sandbox and the demo/);
  });
});
