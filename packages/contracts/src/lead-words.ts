// The words of the lead forms by the page they open on (spec 01 §2.4 banner table, §8 messages)
// and the privacy consent message. No zod here: the banner and the tab bar on every public page
// read this table, and it must not pull the validation library into the first load.

/** Shown when a lead form is sent without the privacy tick (form and server alike). */
export const LEAD_CONSENT_MSG = '请阅读并勾选同意《隐私政策》';

/**
 * What a lead's words are about, by the page it opened on (spec 01 §2.4 banner table, §8): the
 * bottom banner's headline and button, the consultation dialog's title, headline and promo, and
 * the success message the server answers for a consultation. One table for the web and the server.
 */
export type LeadTopic = 'trial' | 'dataAsset' | 'aiPlan' | 'solution';

export interface LeadWords {
  topic: LeadTopic;
  /** The bottom banner (and, on phones, the tab bar's action): headline, button, which dialog. */
  banner: { headline: string; button: string; type: 0 | 1 };
  /** The consultation dialog (type 1) opened on this page. */
  consult: { title: string; headline: string; promo: string; success: string; salesName: string };
}

/** Spec 01 §8 type 1: 「数据资产入表咨询合作成功！工作人员将尽快与您联系」. */
const DATA_ASSET_SUCCESS = '数据资产入表咨询合作成功！工作人员将尽快与您联系';

export const LEAD_WORDS: Readonly<Record<LeadTopic, LeadWords>> = {
  // The banner's trial headline is a setting (Decision 1): the web fills it in (leadWordsFor).
  trial: {
    topic: 'trial',
    banner: { headline: '', button: '免费试用', type: 0 },
    consult: {
      title: '商务咨询',
      headline: '预约 1V1 商务沟通',
      promo: '留下联系方式，客户经理将在一个工作日内与您联系，结合您的业务场景给出接入建议',
      success: '咨询提交成功！客户经理将尽快与您联系',
      salesName: '商务咨询',
    },
  },
  dataAsset: {
    topic: 'dataAsset',
    banner: { headline: '数据资产入表产品与服务', button: '咨询合作', type: 1 },
    consult: {
      title: '数据资产入表咨询',
      headline: '数据资产入表产品与服务',
      promo: '资源梳理、确权登记、价值评估、入表核算，一站式服务',
      success: DATA_ASSET_SUCCESS,
      salesName: '数据资产入表咨询',
    },
  },
  aiPlan: {
    topic: 'aiPlan',
    banner: { headline: '专属方案 1V1 咨询', button: '立即咨询', type: 1 },
    consult: {
      title: '专属方案咨询',
      headline: '专属方案 1V1 咨询',
      promo: '大模型私有化部署与可信数据接入，1V1 定制专属方案',
      success: 'AI大模型专属方案咨询提交成功！方案顾问将尽快与您联系',
      salesName: 'AI大模型方案咨询',
    },
  },
  // Solution pages keep the default banner (spec 01 §2.4); their consultations are about the plan.
  solution: {
    topic: 'solution',
    banner: { headline: '', button: '免费试用', type: 0 },
    consult: {
      title: '行业方案咨询',
      headline: '预约行业解决方案 1V1 沟通',
      promo: '告诉我们您的行业与场景，方案顾问为您匹配接口组合与接入方案',
      success: '行业方案咨询提交成功！方案顾问将尽快与您联系',
      salesName: '行业方案咨询',
    },
  },
};

const SOLUTION_PREFIXES = ['/solutionPlan', '/transportation', '/enterpriseFleet', '/truck'];

/** The topic of a site path (without query); an unknown or empty path is the default. */
export function leadTopicFor(path: string): LeadTopic {
  const p = path.split('?')[0] ?? '';
  if (p.includes('dataIntoTable')) return 'dataAsset';
  if (p === '/deepSeek' || p.startsWith('/deepSeek/')) return 'aiPlan';
  if (SOLUTION_PREFIXES.some((s) => p === s || p.startsWith(`${s}/`))) return 'solution';
  return 'trial';
}

/** The words of a page; the default banner headline is the configured trial headline. */
export function leadWordsFor(path: string, trialHeadline: string): LeadWords {
  const w = LEAD_WORDS[leadTopicFor(path)];
  return w.banner.headline ? w : { ...w, banner: { ...w.banner, headline: trialHeadline } };
}
