import { describe, expect, it } from 'vitest';
import { knowledgeType } from './knowledge-type';

const TYPES = [{ type: '接入指南' }, { type: '产品百科' }, { type: '合规指引' }];

describe('knowledgeType', () => {
  it('keeps a category name and all', () => {
    expect(knowledgeType('产品百科', TYPES)).toBe('产品百科');
    expect(knowledgeType('', TYPES)).toBe('');
  });

  it('reads an old numbered link as that tab, never as the title "2"', () => {
    expect(knowledgeType('2', TYPES)).toBe('产品百科');
    expect(knowledgeType('1', TYPES)).toBe('接入指南');
  });

  it('names nothing for a number past the tabs or an unknown word', () => {
    expect(knowledgeType('0', TYPES)).toBeNull();
    expect(knowledgeType('9', TYPES)).toBeNull();
    expect(knowledgeType('不存在的分类', TYPES)).toBeNull();
  });

  it('filters by what was asked when the list could not be read', () => {
    expect(knowledgeType('产品百科', null)).toBe('产品百科');
  });
});
