import { describe, expect, it } from 'vitest';
import { areaText, directionWord, PLATE_COLOR_OPTIONS } from './vehicle-words';

describe('directionWord', () => {
  it('names the eight headings, each 45° wide around its centre', () => {
    expect([0, 45, 90, 135, 180, 225, 270, 315].map(directionWord)).toEqual(['北', '东北', '东', '东南', '南', '西南', '西', '西北']);
    expect(directionWord(22)).toBe('北');
    expect(directionWord(23)).toBe('东北');
    expect(directionWord(337)).toBe('西北');
    expect(directionWord(338)).toBe('北');
  });

  it('takes degrees beyond a turn and below zero', () => {
    expect(directionWord(360)).toBe('北');
    expect(directionWord(405)).toBe('东北');
    expect(directionWord(-90)).toBe('西');
  });
});

describe('PLATE_COLOR_OPTIONS', () => {
  it('offers the colours the vehicle interfaces number, blue first', () => {
    expect(PLATE_COLOR_OPTIONS[0]).toEqual({ value: 1, label: '蓝色' });
    expect(PLATE_COLOR_OPTIONS.map((o) => o.label)).toContain('黄绿双拼色');
  });
});

describe('areaText', () => {
  it('keeps three figures for small fences and groups large ones', () => {
    expect(areaText(0.7854)).toBe('0.785 km²');
    expect(areaText(12.56)).toBe('12.6 km²');
    expect(areaText(1250.4)).toBe('1,250 km²');
  });
});
