import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dropStaffToken,
  holdStaffToken,
  isStaffAreaCall,
  onStaffSignInRequired,
  roleOfToken,
  staffToken,
} from './staff-token';

/** A JWT-shaped token whose payload names `role` (the signature is not read here). */
const tokenOf = (role: string, n = 1) =>
  `header.${btoa(JSON.stringify({ role, sid: 'session', n })).replace(/=+$/, '')}.signature`;

afterEach(() => dropStaffToken());

describe('the staff-area token', () => {
  it('reads the role of a token, and nothing from something else', () => {
    expect(roleOfToken(tokenOf('support'))).toBe('support');
    expect(roleOfToken('not-a-jwt')).toBeNull();
  });

  it('asks once for the role’s kind, reuses it, and asks again near its expiry', async () => {
    const exchange = vi.fn(async () => ({ token: 'staff-token', expiresIn: 600 }));
    const web = tokenOf('support');
    const start = Date.now();
    expect(await staffToken(web, exchange, start)).toBe('staff-token');
    expect(await staffToken(web, exchange, start + 60_000)).toBe('staff-token');
    expect(exchange).toHaveBeenCalledTimes(1);
    expect(exchange).toHaveBeenCalledWith('SUPPORT');
    await staffToken(web, exchange, start + 541_000);
    expect(exchange).toHaveBeenCalledTimes(2);
  });

  it('asks again when the storefront token changes, and shares one request between callers', async () => {
    const exchange = vi.fn(async () => ({ token: 'admin-token', expiresIn: 600 }));
    const [a, b] = await Promise.all([
      staffToken(tokenOf('admin', 1), exchange),
      staffToken(tokenOf('admin', 1), exchange),
    ]);
    expect([a, b]).toEqual(['admin-token', 'admin-token']);
    expect(exchange).toHaveBeenCalledTimes(1);
    expect(exchange).toHaveBeenCalledWith('ADMIN');
    await staffToken(tokenOf('admin', 2), exchange);
    expect(exchange).toHaveBeenCalledTimes(2);
  });

  it('asks nothing for a renter, and knows the staff calls by their path', async () => {
    const exchange = vi.fn();
    expect(await staffToken(tokenOf('user'), exchange)).toBeNull();
    expect(exchange).not.toHaveBeenCalled();
    expect(isStaffAreaCall('/admin/support/tickets')).toBe(true);
    expect(isStaffAreaCall('/support/tickets')).toBe(false);
  });

  it('uses a token the code sign-in held, for the storefront token it was asked with', async () => {
    const exchange = vi.fn(async () => ({ token: 'exchanged', expiresIn: 600 }));
    const web = tokenOf('support');
    const start = Date.now();
    holdStaffToken('held-token', 600, web, start);
    expect(await staffToken(web, exchange, start + 1000)).toBe('held-token');
    expect(exchange).not.toHaveBeenCalled();
    expect(await staffToken(tokenOf('support', 2), exchange, start + 1000)).toBe('exchanged');
  });

  it('tells the staff area when the exchange says a code is needed, and forgets the token', async () => {
    const heard: string[] = [];
    const stop = onStaffSignInRequired((reason) => heard.push(reason));
    const web = tokenOf('admin');
    holdStaffToken('old', 600, web, 0);
    const refusal = Object.assign(new Error('Enter the code'), { code: 'STAFF_SIGN_IN_REQUIRED' });
    const failing = vi.fn(async () => Promise.reject(refusal));
    await expect(staffToken(web, failing)).rejects.toBe(refusal);
    expect(heard).toEqual(['STAFF_SIGN_IN_REQUIRED']);
    const other = Object.assign(new Error('Offline'), { code: 'NETWORK_ERROR' });
    await expect(staffToken(web, async () => Promise.reject(other))).rejects.toBe(other);
    expect(heard).toEqual(['STAFF_SIGN_IN_REQUIRED']);
    stop();
  });
});
