// The words a lead form speaks by the page it opened on (spec 01 §2.4 banner table, §8), the
// banner's remembered close, and what the contact bar offers once its settings are set.
import { LEAD_WORDS, leadTopicFor, leadWordsFor } from '@apimarket/contracts';
import { describe, expect, it } from 'vitest';
import { BANNER_CLOSED_FOR_MS, bannerFor, bannerStillClosed } from './BottomBanner';
import { CONTACT_BAR_SOLUTIONS, type ContactSettings, contactChannels } from './FloatingBar';

const TRIAL = '限时免费1000+次API调用';

describe('lead words by route (spec 01 §2.4, §8)', () => {
  // Written down first: what a visitor on each page should read.
  const table: Array<
    [path: string, banner: { headline: string; button: string; type: 0 | 1 }, consultTitle: string, consultHeadline: string, success: string]
  > = [
    ['/', { headline: TRIAL, button: '免费试用', type: 0 }, '商务咨询', '预约 1V1 商务沟通', '咨询提交成功！客户经理将尽快与您联系'],
    ['/api/1882', { headline: TRIAL, button: '免费试用', type: 0 }, '商务咨询', '预约 1V1 商务沟通', '咨询提交成功！客户经理将尽快与您联系'],
    ['/aboutUs/contactUs', { headline: TRIAL, button: '免费试用', type: 0 }, '商务咨询', '预约 1V1 商务沟通', '咨询提交成功！客户经理将尽快与您联系'],
    [
      '/dataIntoTable',
      { headline: '数据资产入表产品与服务', button: '咨询合作', type: 1 },
      '数据资产入表咨询',
      '数据资产入表产品与服务',
      '数据资产入表咨询合作成功！工作人员将尽快与您联系',
    ],
    [
      '/dataIntoTable/ability/cms',
      { headline: '数据资产入表产品与服务', button: '咨询合作', type: 1 },
      '数据资产入表咨询',
      '数据资产入表产品与服务',
      '数据资产入表咨询合作成功！工作人员将尽快与您联系',
    ],
    [
      '/deepSeek',
      { headline: '专属方案 1V1 咨询', button: '立即咨询', type: 1 },
      '专属方案咨询',
      '专属方案 1V1 咨询',
      'AI大模型专属方案咨询提交成功！方案顾问将尽快与您联系',
    ],
    [
      '/solutionPlan/financial',
      { headline: TRIAL, button: '免费试用', type: 0 },
      '行业方案咨询',
      '预约行业解决方案 1V1 沟通',
      '行业方案咨询提交成功！方案顾问将尽快与您联系',
    ],
    [
      '/solutionPlan/insureIndustry/typeModel',
      { headline: TRIAL, button: '免费试用', type: 0 },
      '行业方案咨询',
      '预约行业解决方案 1V1 沟通',
      '行业方案咨询提交成功！方案顾问将尽快与您联系',
    ],
    [
      '/transportation/product',
      { headline: TRIAL, button: '免费试用', type: 0 },
      '行业方案咨询',
      '预约行业解决方案 1V1 沟通',
      '行业方案咨询提交成功！方案顾问将尽快与您联系',
    ],
  ];
  for (const [path, banner, title, headline, success] of table) {
    it(path, () => {
      const w = leadWordsFor(path, TRIAL);
      expect(w.banner).toEqual(banner);
      expect(bannerFor(path, TRIAL)).toEqual(banner);
      expect(w.consult).toMatchObject({ title, headline, success });
    });
  }

  it('no consultation leads with the free-call promise, and only the data-asset one claims data assets', () => {
    for (const w of Object.values(LEAD_WORDS)) {
      expect(w.consult.headline).not.toContain('1000+');
      expect(w.consult.success).not.toContain('1000+');
      if (w.topic !== 'dataAsset') expect(w.consult.success).not.toContain('数据资产');
    }
  });

  it('the topic ignores the query and does not match look-alike paths', () => {
    expect(leadTopicFor('/deepSeek?from=ad')).toBe('aiPlan');
    expect(leadTopicFor('/deepSeeker')).toBe('trial');
    expect(leadTopicFor('/solutionPlanX')).toBe('trial');
    expect(leadTopicFor('')).toBe('trial');
  });

  it('the banner headline of the default pages is the configured one (Decision 1)', () => {
    expect(leadWordsFor('/', '限时免费500次').banner.headline).toBe('限时免费500次');
    expect(leadWordsFor('/deepSeek', '限时免费500次').banner.headline).toBe('专属方案 1V1 咨询');
  });
});

describe('the bottom banner, once closed', () => {
  const now = 1_800_000_000_000;
  it('stays closed for a day, then comes back', () => {
    expect(bannerStillClosed(String(now - 1000), now)).toBe(true);
    expect(bannerStillClosed(String(now - BANNER_CLOSED_FOR_MS + 1), now)).toBe(true);
    expect(bannerStillClosed(String(now - BANNER_CLOSED_FOR_MS), now)).toBe(false);
  });
  it('shows when nothing (or nonsense, or a future time) was stored', () => {
    expect(bannerStillClosed(null, now)).toBe(false);
    expect(bannerStillClosed('abc', now)).toBe(false);
    expect(bannerStillClosed(String(now + 60_000), now)).toBe(false);
  });
});

describe('the contact bar (spec 01 §2.4, Decision 4)', () => {
  const unset: ContactSettings = { chatUrl: '', chatUrlAlt: '', chatAltPaths: ['/dataIntoTable', '/deepSeek'], wechatQrImage: '' };
  const set: ContactSettings = { ...unset, chatUrl: 'https://chat.example.com/a', chatUrlAlt: 'https://chat.example.com/b', wechatQrImage: '/wechat-qr.png' };

  it('links the four solution pages of the spec', () => {
    expect(CONTACT_BAR_SOLUTIONS.map((l) => l.href)).toEqual([
      '/transportation',
      '/solutionPlan/logistics',
      '/solutionPlan/financialAndInsurance',
      '/faceRecgnition',
    ]);
    expect(contactChannels('/', unset).solutions).toBe(CONTACT_BAR_SOLUTIONS);
  });
  it('offers WeChat and online chat once they are configured, and not before', () => {
    expect(contactChannels('/', unset)).toMatchObject({ wechatQrImage: null, chatUrl: null });
    expect(contactChannels('/', set)).toMatchObject({ wechatQrImage: '/wechat-qr.png', chatUrl: 'https://chat.example.com/a' });
  });
  it('uses the second chat account on the listed paths', () => {
    expect(contactChannels('/dataIntoTable/ability', set).chatUrl).toBe('https://chat.example.com/b');
    expect(contactChannels('/deepSeek', set).chatUrl).toBe('https://chat.example.com/b');
    expect(contactChannels('/deepSeek', { ...set, chatUrlAlt: '' }).chatUrl).toBe('https://chat.example.com/a');
  });
});
