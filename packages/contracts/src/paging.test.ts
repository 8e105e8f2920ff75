import { describe, expect, it } from 'vitest';
import { PageQuery, pageOffset, parseId } from './paging';

describe('PageQuery', () => {
  it('defaults and clamps', () => {
    expect(PageQuery.parse({})).toEqual({ pageNum: 1, pageSize: 10 });
    expect(PageQuery.parse({ pageNum: '3', pageSize: '8' })).toEqual({ pageNum: 3, pageSize: 8 });
    expect(PageQuery.parse({ pageNum: '-2', pageSize: '100000' })).toEqual({ pageNum: 1, pageSize: 100 });
    expect(PageQuery.parse({ pageNum: 'abc', pageSize: '0' })).toEqual({ pageNum: 1, pageSize: 1 });
    expect(pageOffset({ pageNum: 3, pageSize: 8 })).toBe(16);
  });
});

describe('parseId', () => {
  it('accepts positive integers only', () => {
    expect(parseId('1882')).toBe(1882);
    expect(parseId(9963)).toBe(9963);
    for (const bad of ['0', '-1', '1.5', 'abc', '1882abc', '1 or 1=1', '', undefined, '9999999999']) expect(parseId(bad)).toBeNull();
  });
});
