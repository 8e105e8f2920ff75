import { TRANSPORT_MSG } from '@apimarket/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fenceInput, parsePoints, windowProblem } from './fence-form';

describe('parsePoints', () => {
  it('reads one vertex a line, with commas, Chinese commas or spaces', () => {
    expect(parsePoints('120.1,30.2\n120.2，30.2\n120.2 30.3')).toEqual({
      points: [
        [120.1, 30.2],
        [120.2, 30.2],
        [120.2, 30.3],
      ],
    });
  });

  it('drops a closing vertex that repeats the first', () => {
    expect(parsePoints('1,2\n3,4\n5,6\n7,8\n1,2')).toEqual({
      points: [
        [1, 2],
        [3, 4],
        [5, 6],
        [7, 8],
      ],
    });
  });

  it('names the line that is not a vertex', () => {
    expect(parsePoints('120.1,30.2\n\n东经120')).toEqual({ badLine: 3 });
  });
});

describe('fenceInput', () => {
  it('builds a circle from the centre typed in', () => {
    const input = fenceInput({ name: '杭州仓', shape: 'circle', centerLon: 120.15, centerLat: 30.28, radius: 2000, subscriptionIds: [3, 3] });
    expect(input).toMatchObject({ name: '杭州仓', shape: 'circle', center: [120.15, 30.28], radius: 2000, subscriptionIds: [3], alert: false });
  });

  it('says which field is wrong, in the contract words', () => {
    expect(fenceInput({ name: '仓', shape: 'circle', centerLon: 120.15, centerLat: 30.28, radius: 10 })).toEqual({
      problem: { field: 'radius', message: TRANSPORT_MSG.fenceRadius },
    });
    expect(fenceInput({ name: '仓', shape: 'circle', radius: 1000 })).toEqual({ problem: { field: 'centerLon', message: TRANSPORT_MSG.fenceCenter } });
    expect(fenceInput({ name: '仓', shape: 'polygon', pointsText: '120,30\n121,31\n120,31\n121,30' })).toEqual({
      problem: { field: 'pointsText', message: TRANSPORT_MSG.fenceSelfCross },
    });
  });
});

describe('windowProblem', () => {
  const now = dayjs('2026-11-26T12:00:00');
  it('takes at most 72 hours', () => {
    expect(windowProblem([now.subtract(72, 'hour'), now], now)).toBeNull();
    expect(windowProblem([now.subtract(73, 'hour'), now], now)).toBe(TRANSPORT_MSG.rangeTooLong);
    expect(windowProblem([now, now], now)).toBe(TRANSPORT_MSG.timeOrder);
  });
});
