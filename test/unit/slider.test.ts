import { describe, expect, it } from 'vitest';
import { clampPosition, positionForKey, positionFromPointer, positionText } from '../../src/lib/slider.js';

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
