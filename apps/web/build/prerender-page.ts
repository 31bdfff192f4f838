/**
 * Puts a prerendered first screen into the app's HTML (decision 060). Pure functions, so the
 * build script (build/prerender.mjs) and the tests share them.
 */

import type { PrerenderLayout, PrerenderTheme } from '@crimsonhost/shared/first-screen';
import { APP_STYLESHEET_REL } from '../src/lib/app-stylesheets';

export interface Screen {
  html: string;
  styles: string;
  title: string | null;
}

/** Splits `text` at top-level commas (not those inside parentheses, as in `:where(a, b)`). */
function splitSelectors(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The index of the `}` that closes the block opened at `open`. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i += 1) {
    if (css[i] === '{') depth += 1;
    else if (css[i] === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return css.length - 1;
}

const CLASS_IN_SELECTOR = /\.(-?[_a-zA-Z][\w-]*)/g;
const KEPT_AT_RULES = /^@(keyframes|font-face|property)/;
const NESTING_AT_RULES = /^@(media|supports|layer|container)/;

/**
 * Keeps the rules of Ant Design's minified CSS that can match the prerendered markup: a selector
 * survives when every class it names is used in the markup; at-rules that nest rules keep what
 * survives inside them; keyframes and font faces are kept whole. What the first screen does not
 * show (hover menus, loading states, other columns) comes with the app's own styles.
 */
export function pruneCss(css: string, usedClasses: ReadonlySet<string>): string {
  let kept = '';
  let position = 0;
  while (position < css.length) {
    const open = css.indexOf('{', position);
    if (open === -1) break;
    const close = closingBrace(css, open);
    const prelude = css.slice(position, open).trim();
    const body = css.slice(open + 1, close);
    if (KEPT_AT_RULES.test(prelude)) {
      kept += `${prelude}{${body}}`;
    } else if (NESTING_AT_RULES.test(prelude)) {
      const inner = pruneCss(body, usedClasses);
      if (inner) kept += `${prelude}{${inner}}`;
    } else if (!prelude.startsWith('@')) {
      const selectors = splitSelectors(prelude).filter((selector) =>
        [...selector.matchAll(CLASS_IN_SELECTOR)].every((match) => usedClasses.has(match[1]!)),
      );
      if (selectors.length > 0) kept += `${selectors.join(',')}{${body}}`;
    }
    position = close + 1;
  }
  return kept;
}

/** Every class name the markup uses. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1]!.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

const STYLE_TAG = /<style([^>]*)>([\s\S]*?)<\/style>/g;

/**
 * Ant Design's style tags, each pruned to what the markup uses. The tag that lists which styles a
 * server rendered is dropped: the app would then not insert those styles itself, and the pruned
 * ones lack what the page needs once it is used.
 */
export function pruneStyleTags(styles: string, html: string): string {
  const used = classesIn(html);
  let kept = '';
  for (const [, attributes, css] of styles.matchAll(STYLE_TAG)) {
    if (attributes!.includes('data-ant-cssinjs-cache-path')) continue;
    const pruned = pruneCss(css!, used);
    if (pruned) kept += `<style${attributes}>${pruned}</style>`;
  }
  return kept;
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;

/**
 * The app's index.html with a prerendered screen: the page's title, Ant Design's styles for it
 * (where the app inserts its own, before the stylesheet, so the cascade is the same), and the
 * markup in #root inside a wrapper that names its theme and layout (global.css hides a screen
 * that is not the visitor's). The wrapper is inert: nothing in it can be typed into or pressed
 * before the app has drawn the page it replaces, so nothing typed is lost. The app's stylesheet is
 * written in the page when `stylesheet` gives its text: one request fewer before the first paint.
 *
 * `antdStylesheet`, the first screens' Ant Design stylesheet (decision 067), is listed for the app
 * after the page's own Ant Design styles and before the app's: the entry fetches it, so it does
 * not hold back the first paint.
 */
export function composePage(
  shell: string,
  screen: Screen,
  theme: PrerenderTheme,
  layout: PrerenderLayout,
  stylesheet: (href: string) => string | undefined = () => undefined,
  antdStylesheet?: string,
): string {
  if (/<script|<template/.test(screen.html)) {
    // What suspended is streamed behind an inline script (refused by the content security
    // policy, and not run before the app): the screen would show a spinner.
    throw new Error('The prerendered screen has a part that suspended: load its module first');
  }
  const root = '<div id="root"></div>';
  if (!shell.includes(root) || !shell.includes('</title>')) {
    throw new Error('index.html has no <title> or no empty #root to prerender into');
  }
  const withTitle = screen.title
    ? shell.replace(/<title>[^<]*<\/title>/, () => `<title>${screen.title}</title>`)
    : shell;
  const wrapper = `<div inert data-prerendered-theme="${theme}" data-prerendered-layout="${layout}">`;
  return withTitle
    .replace(STYLESHEET_LINK, (link: string, href: string) => {
      const css = stylesheet(href);
      return css === undefined ? link : `<style>${css}</style>`;
    })
    .replace('</title>', () => {
      const listed = antdStylesheet
        ? `<link rel="${APP_STYLESHEET_REL}" href="${antdStylesheet}">`
        : '';
      return `</title>${pruneStyleTags(screen.styles, screen.html)}${listed}`;
    })
    .replace(root, () => `<div id="root">${wrapper}${screen.html}</div></div>`);
}
