import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColor, readableColor } from './readable-color';

const WHITE = '#ffffff';
const DARK = '#1f1f1f';

describe('readable network colours', () => {
  it('parses #rgb and #rrggbb, and nothing else', () => {
    expect(parseHexColor('#F0B90B')).toEqual([240, 185, 11]);
    expect(parseHexColor('#fff')).toEqual([255, 255, 255]);
    expect(parseHexColor('yellow')).toBeNull();
  });

  it('keeps a colour that already reads and adjusts one that does not, on light and dark', () => {
    for (const color of ['#EB0029', '#627EEA', '#F0B90B', '#000000', '#ffffff']) {
      for (const background of [WHITE, DARK]) {
        const ink = readableColor(color, background, '#888888');
        expect(contrastRatio(ink, background)).toBeGreaterThanOrEqual(4.5);
      }
    }
    expect(readableColor('#b91c1c', WHITE, '#888888')).toBe('#b91c1c');
  });

  it('falls back when the colour cannot be read', () => {
    expect(readableColor('not a colour', WHITE, 'rgba(0, 0, 0, 0.88)')).toBe('rgba(0, 0, 0, 0.88)');
  });
});
