import { describe, expect, it } from 'vitest';
import { isModuleLoadError } from './module-load-error';

describe('isModuleLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: /assets/home-page-abc.js',
    'error loading dynamically imported module: /assets/home-page-abc.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/home-page-abc.css',
    'Loading chunk 7 failed.',
  ])('recognises "%s"', (message) => {
    expect(isModuleLoadError(new TypeError(message))).toBe(true);
  });

  it('recognises an error named ChunkLoadError', () => {
    const error = new Error('chunk missing');
    error.name = 'ChunkLoadError';
    expect(isModuleLoadError(error)).toBe(true);
  });

  it('leaves other errors and non-errors alone', () => {
    expect(isModuleLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isModuleLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isModuleLoadError(null)).toBe(false);
  });
});
