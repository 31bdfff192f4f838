import { describe, expect, it } from 'vitest';
import { pageNumbers } from './page-nav';

describe('the pages a pager shows', () => {
  it('shows every page of a short list', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('leaves runs out around the current page, but never a single page', () => {
    expect(pageNumbers(1, 50)).toEqual([1, 2, 3, null, 50]);
    expect(pageNumbers(6, 50)).toEqual([1, null, 4, 5, 6, 7, 8, null, 50]);
    expect(pageNumbers(4, 50)).toEqual([1, 2, 3, 4, 5, 6, null, 50]);
    expect(pageNumbers(50, 50)).toEqual([1, null, 48, 49, 50]);
  });
});
