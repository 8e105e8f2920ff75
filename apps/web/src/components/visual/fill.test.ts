// Card grids fill their rows: the spans of every row add up to the full 12 tracks.
import { describe, expect, it } from 'vitest';
import { columnsFor, fillStyle } from './fill';

const rows = (count: number, max: number, key: '--span' | '--span-md') => {
  const spans = Array.from({ length: count }, (_, i) => Number((fillStyle(i, count, max) as Record<string, number>)[key]));
  const out: number[] = [];
  let sum = 0;
  for (const s of spans) {
    sum += s;
    if (sum >= 12) {
      out.push(sum);
      sum = 0;
    }
  }
  if (sum) out.push(sum);
  return out;
};

describe('fill grids', () => {
  it('prefers a column count that divides the cards', () => {
    expect(columnsFor(6, 4)).toBe(3);
    expect(columnsFor(8, 4)).toBe(4);
    expect(columnsFor(9, 4)).toBe(3);
    expect(columnsFor(3, 4)).toBe(3);
    expect(columnsFor(8, 3)).toBe(3);
  });

  it('leaves no row half empty on wide screens and tablets, whatever the count', () => {
    for (let count = 1; count <= 16; count++) {
      for (const max of [3, 4]) {
        expect(rows(count, max, '--span'), `${count} cards, ${max} columns`).toEqual(rows(count, max, '--span').map(() => 12));
        expect(rows(count, max, '--span-md'), `${count} cards on a tablet`).toEqual(rows(count, max, '--span-md').map(() => 12));
      }
    }
  });

  it('widens the short last row: 11 categories in four columns end with three cards of a third', () => {
    expect(fillStyle(10, 11, 4)).toMatchObject({ '--span': 4, '--span-md': 12 });
    expect(fillStyle(0, 11, 4)).toMatchObject({ '--span': 3, '--span-md': 6 });
  });
});
