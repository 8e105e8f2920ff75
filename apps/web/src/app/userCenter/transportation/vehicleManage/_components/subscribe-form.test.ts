import { TRANSPORT_MSG } from '@apimarket/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { normalizePlate, periodProblem, sheetProblem } from './subscribe-form';

const today = dayjs('2026-11-26');

describe('normalizePlate', () => {
  it('upper-cases and drops the spaces and dots people type', () => {
    expect(normalizePlate('浙a 8f2c6')).toBe('浙A8F2C6');
    expect(normalizePlate('沪A·D12345')).toBe('沪AD12345');
  });
});

describe('periodProblem', () => {
  it('asks for both days', () => {
    expect(periodProblem(null, today)).toBe(TRANSPORT_MSG.startDate);
    expect(periodProblem([today, null], today)).toBe(TRANSPORT_MSG.endDate);
  });

  it('refuses a period longer than the limit with the contract message', () => {
    expect(periodProblem([today, today.add(366, 'day')], today)).toBe(TRANSPORT_MSG.tooLong);
    expect(periodProblem([today, today.add(365, 'day')], today)).toBeNull();
  });

  it('refuses an end already past', () => {
    expect(periodProblem([today.subtract(10, 'day'), today.subtract(1, 'day')], today)).toBe(TRANSPORT_MSG.pastEnd);
  });
});

describe('sheetProblem', () => {
  it('takes xlsx and csv up to 2 MB', () => {
    expect(sheetProblem({ name: '车辆.XLSX', size: 1000 })).toBeNull();
    expect(sheetProblem({ name: '车辆.xls', size: 1000 })).toBe(TRANSPORT_MSG.sheetType);
    expect(sheetProblem({ name: '车辆.csv', size: 3 * 1024 * 1024 })).toBe(TRANSPORT_MSG.sheetTooLarge);
  });
});
