import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_COOKIES, firstScreenVariant, prerenderedPageFor } from './first-screen';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('prerenderedPageFor', () => {
  it.each([
    ['/', 'home'],
    ['/?utm_source=newsletter', 'home'],
    ['/servers', 'servers'],
    ['/servers/', 'servers'],
    ['/servers/8d0f6a5e-58b4-4b83-a64c-3f4f1fbb6a11', 'server'],
    ['/servers/8d0f6a5e-58b4-4b83-a64c-3f4f1fbb6a11?hours=4', 'server'],
  ])('draws %s ahead as the %s page', (url, page) => {
    expect(prerenderedPageFor(url)).toBe(page);
  });

  it.each([
    // A filtered list's first screen has its filters filled in: the prerendered one would not.
    '/servers?game=minecraft',
    '/servers/abc/extra',
    '/wallet',
    '/login',
    '/admin',
    '/serversx',
  ])('draws nothing ahead for %s', (url) => {
    expect(prerenderedPageFor(url)).toBeNull();
  });
});

describe('firstScreenVariant', () => {
  it('follows the theme and layout the browser last reported', () => {
    const cookie = `other=1; ${FIRST_SCREEN_COOKIES.theme}=dark; ${FIRST_SCREEN_COOKIES.layout}=wide`;
    expect(firstScreenVariant({ cookie, 'user-agent': ANDROID_CHROME })).toEqual({
      theme: 'dark',
      layout: 'wide',
    });
  });

  it('on a first visit guesses light, and the layout from the mobile hint or the user agent', () => {
    expect(firstScreenVariant({ 'sec-ch-ua-mobile': '?1' })).toEqual({
      theme: 'light',
      layout: 'mobile',
    });
    expect(firstScreenVariant({ 'sec-ch-ua-mobile': '?0', 'user-agent': ANDROID_CHROME })).toEqual({
      theme: 'light',
      layout: 'wide',
    });
    expect(firstScreenVariant({ 'user-agent': IPHONE }).layout).toBe('mobile');
    expect(firstScreenVariant({ 'user-agent': DESKTOP_FIREFOX }).layout).toBe('wide');
    expect(firstScreenVariant({}).layout).toBe('wide');
  });

  it('ignores cookie values it does not know', () => {
    const cookie = `${FIRST_SCREEN_COOKIES.theme}=sepia; ${FIRST_SCREEN_COOKIES.layout}=tablet`;
    expect(firstScreenVariant({ cookie, 'user-agent': IPHONE })).toEqual({
      theme: 'light',
      layout: 'mobile',
    });
  });
});
