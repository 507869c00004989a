import { describe, expect, it } from 'vitest';
import { clampPosition, positionForKey, positionFromPointer, positionText } from '../../src/lib/slider.js';
import { hiddenPoints } from '../../src/lib/whole-words.js';

describe('slider position', () => {
  it('clamps to 1..99 and rounds', () => {
    expect(clampPosition(-20)).toBe(1);
    expect(clampPosition(0)).toBe(1);
    expect(clampPosition(100)).toBe(99);
    expect(clampPosition(42.6)).toBe(43);
    expect(clampPosition(Number.NaN)).toBe(50);
  });

  it('moves 5 per arrow key, both axes, and clamps at the edges', () => {
    expect(positionForKey('ArrowRight', 50)).toBe(55);
    expect(positionForKey('ArrowUp', 50)).toBe(55);
    expect(positionForKey('ArrowLeft', 50)).toBe(45);
    expect(positionForKey('ArrowDown', 50)).toBe(45);
    expect(positionForKey('ArrowLeft', 3)).toBe(1);
    expect(positionForKey('ArrowRight', 97)).toBe(99);
  });

  it('goes to the ends with Home and End, pages by 10, ignores other keys', () => {
    expect(positionForKey('Home', 50)).toBe(1);
    expect(positionForKey('End', 50)).toBe(99);
    expect(positionForKey('PageUp', 50)).toBe(60);
    expect(positionForKey('PageDown', 50)).toBe(40);
    expect(positionForKey('Tab', 50)).toBeNull();
    expect(positionForKey('a', 50)).toBeNull();
  });

  it('maps a pointer to a percentage of the track, clamped past its edges', () => {
    expect(positionFromPointer(150, 100, 200)).toBe(25);
    expect(positionFromPointer(0, 100, 200)).toBe(1);
    expect(positionFromPointer(1000, 100, 200)).toBe(99);
    expect(positionFromPointer(10, 0, 0)).toBe(50);
  });

  it('reads the position as before/after shares', () => {
    expect(positionText(50)).toBe('50% before, 50% after');
    expect(positionText(20)).toBe('20% before, 80% after');
  });
});

describe('hidden points', () => {
  // A 1000 px comparison, a handle 44 px wide: 22 px either side of the divider, and 4 px of air.
  const points = [
    { left: 100, right: 180 },
    { left: 420, right: 470 },
    { left: 530, right: 600 },
  ];

  it('hides a Before point whole once it reaches the handle, never part of it', () => {
    expect(hiddenPoints('before', points, 50, 1000, 26)).toEqual([false, false, true]);
    expect(hiddenPoints('before', points, 49, 1000, 26)).toEqual([false, true, true]); // 470 > 490 - 26
    expect(hiddenPoints('before', points, 21, 1000, 26)).toEqual([false, true, true]); // 180 ≤ 210 - 26
    expect(hiddenPoints('before', points, 20, 1000, 26)).toEqual([true, true, true]);
  });

  it('hides an After point whole while the handle covers any of it', () => {
    expect(hiddenPoints('after', points, 50, 1000, 26)).toEqual([true, true, false]);
    expect(hiddenPoints('after', points, 51, 1000, 26)).toEqual([true, true, true]); // 530 < 536
    expect(hiddenPoints('after', points, 7, 1000, 26)).toEqual([false, false, false]);
    expect(hiddenPoints('after', points, 8, 1000, 26)).toEqual([true, false, false]); // 100 < 106
  });
});
