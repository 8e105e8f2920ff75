import { describe, expect, it } from 'vitest';
import { bannerFor } from './BottomBanner';

describe('bottom banner by route (spec 01 §2.4)', () => {
  it('gives the default trial headline and button', () => {
    expect(bannerFor('/api/1882')).toEqual({ headline: '限时免费1000+次API调用', button: '免费试用', type: 0 });
  });
  it('gives the data-asset headline on dataIntoTable paths', () => {
    expect(bannerFor('/dataIntoTable/ability/cms')).toEqual({ headline: '数据资产入表产品与服务', button: '咨询合作', type: 1 });
  });
  it('gives the 1V1 consultation on /deepSeek', () => {
    expect(bannerFor('/deepSeek')).toEqual({ headline: '专属方案 1V1 咨询', button: '立即咨询', type: 1 });
  });
});
