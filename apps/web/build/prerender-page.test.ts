import { describe, expect, it } from 'vitest';
import { APP_STYLESHEET_REL } from '../src/lib/app-stylesheets';
import { classesIn, composePage, pruneCss, pruneStyleTags, type Screen } from './prerender-page';

const SHELL =
  '<!doctype html><html><head><title>CrimsonHost</title><script src="/theme-init.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/framework-abc.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-def.css"></head>' +
  '<body><div id="root"></div></body></html>';

const screen = (overrides: Partial<Screen> = {}): Screen => ({
  html: '<header class="ant-layout-header css-x"><h1 class="ch-typography">Browse Servers</h1></header>',
  styles: '<style data-css-hash="a">:where(.css-x).ant-layout-header{height:64px}</style>',
  title: null,
  ...overrides,
});

describe('pruneCss', () => {
  const used = new Set(['ant-btn', 'css-x', 'ant-col-24']);

  it('keeps a rule when every class of one of its selectors is used', () => {
    expect(pruneCss(':where(.css-x).ant-btn{color:red}', used)).toBe(
      ':where(.css-x).ant-btn{color:red}',
    );
    expect(pruneCss(':where(.css-x).ant-btn-loading{opacity:.6}', used)).toBe('');
    expect(pruneCss('.ant-btn:hover,.ant-menu .ant-btn{color:blue}', used)).toBe(
      '.ant-btn:hover{color:blue}',
    );
  });

  it('keeps element and attribute selectors, and splits selector lists outside parentheses', () => {
    expect(pruneCss('a:where(.css-x){color:red}', used)).toBe('a:where(.css-x){color:red}');
    expect(pruneCss(':where(.css-x, .other) .ant-btn{margin:0}', used)).toBe('');
    expect(pruneCss('[class^="ant-btn"]{box-sizing:border-box}', used)).toBe(
      '[class^="ant-btn"]{box-sizing:border-box}',
    );
  });

  it('prunes inside media queries, dropping those left empty, and keeps keyframes whole', () => {
    const css =
      '@media (min-width:576px){.ant-col-24{display:block}.ant-col-sm-12{flex:0 0 50%}}' +
      '@media (min-width:992px){.ant-col-lg-8{flex:0 0 33%}}' +
      '@keyframes spin{0%{transform:rotate(0)}100%{transform:rotate(360deg)}}';
    expect(pruneCss(css, used)).toBe(
      '@media (min-width:576px){.ant-col-24{display:block}}' +
        '@keyframes spin{0%{transform:rotate(0)}100%{transform:rotate(360deg)}}',
    );
  });
});

describe('classesIn', () => {
  it('reads every class the markup uses', () => {
    expect(
      [...classesIn('<div class="a  b"><span class="c">x</span><p>class="d"</p></div>')].sort(),
    ).toEqual(['a', 'b', 'c']);
  });
});

describe('pruneStyleTags', () => {
  it('drops the list of server-rendered styles, so the app inserts its own whole styles', () => {
    const styles =
      '<style data-css-hash="a">.used{color:red}.unused{color:blue}</style>' +
      '<style data-css-hash="b">.unused{margin:0}</style>' +
      '<style data-ant-cssinjs-cache-path="data-ant-cssinjs-cache-path">.data-ant-cssinjs-cache-path{content:"a|b"}</style>';
    expect(pruneStyleTags(styles, '<i class="used"></i>')).toBe(
      '<style data-css-hash="a">.used{color:red}</style>',
    );
  });
});

describe('composePage', () => {
  it('puts the screen in #root in an inert wrapper naming its theme and layout', () => {
    const page = composePage(SHELL, screen(), 'dark', 'mobile');
    expect(page).toContain(
      '<div id="root"><div inert data-prerendered-theme="dark" data-prerendered-layout="mobile"><header',
    );
    expect(page).toContain('Browse Servers</h1></header></div></div>');
  });

  it("writes Ant Design's styles after the title, before the app's stylesheet", () => {
    const page = composePage(SHELL, screen(), 'light', 'wide');
    const styles = page.indexOf('<style data-css-hash="a">');
    expect(styles).toBeGreaterThan(page.indexOf('</title>'));
    expect(styles).toBeLessThan(page.indexOf('/assets/index-def.css'));
  });

  it("writes the app's stylesheet into the page when given its text, keeping the scripts", () => {
    const page = composePage(SHELL, screen(), 'light', 'wide', (href) =>
      href === '/assets/index-def.css' ? 'body{margin:0}' : undefined,
    );
    expect(page).not.toContain('rel="stylesheet"');
    expect(page).toContain('<style>body{margin:0}</style></head>');
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/framework-abc.js">',
    );
    expect(page).toContain('<script src="/theme-init.js"></script>');
  });

  it("lists the first screens' Ant Design stylesheet after the page's own Ant Design styles, before the app's", () => {
    const page = composePage(
      SHELL,
      screen(),
      'light',
      'wide',
      () => undefined,
      '/assets/first-screens/antd-abc.css',
    );
    const listed = page.indexOf(
      `<link rel="${APP_STYLESHEET_REL}" href="/assets/first-screens/antd-abc.css">`,
    );
    expect(listed).toBeGreaterThan(page.indexOf('<style data-css-hash="a">'));
    expect(listed).toBeLessThan(page.indexOf('/assets/index-def.css'));
    // Without one, nothing is listed.
    expect(composePage(SHELL, screen(), 'light', 'wide')).not.toContain(APP_STYLESHEET_REL);
  });

  it("takes the page's title, as written, when it names one", () => {
    const page = composePage(
      SHELL,
      screen({ title: 'Servers &amp; more · CrimsonHost' }),
      'light',
      'wide',
    );
    expect(page).toContain('<title>Servers &amp; more · CrimsonHost</title>');
    expect(page).not.toContain('<title>CrimsonHost</title>');
  });

  it('keeps replacement patterns in the markup as they are', () => {
    const page = composePage(
      SHELL,
      screen({ html: '<p class="x">$\' and $&</p>' }),
      'light',
      'wide',
    );
    expect(page).toContain('<p class="x">$\' and $&</p>');
  });

  it('refuses a screen that streamed a part behind a script', () => {
    const streamed = screen({
      html: '<!--$?--><template id="B:0"></template><p>Loading</p><!--/$--><script>$RC("B:0","S:0")</script>',
    });
    expect(() => composePage(SHELL, streamed, 'light', 'wide')).toThrow(/suspended/);
  });

  it('refuses a shell it cannot put a screen into', () => {
    expect(() => composePage('<html><body></body></html>', screen(), 'light', 'wide')).toThrow(
      /#root/,
    );
  });
});
