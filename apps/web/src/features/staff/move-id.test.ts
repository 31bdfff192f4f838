import { describe, expect, it } from 'vitest';
import { moveId } from './move-id';

describe('moveId', () => {
  it('swaps an id with its neighbour and gives the whole new order', () => {
    expect(moveId(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
  });

  it('leaves the order alone past either end', () => {
    expect(moveId(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveId(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
