import { BannerSaveInput, CaseSaveInput, type ConsoleCase, type ConsolePolicy, PolicySaveInput } from '@apimarket/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { blankValues, snapshot, toFormValues, toPayload } from './content-form';
import { ContentPreview } from './ContentPreview';

const CASE: ConsoleCase = {
  id: 1001,
  industry: '保险',
  title: '某财险公司：理赔核身提速',
  customer: '某全国性财产保险公司',
  summary: '以实名认证替代人工审核。',
  challenge: ['人工审核慢。', '冒名理赔。'],
  solution: ['调用实名认证接口。'],
  results: ['核身时长缩短到十分钟。'],
  interfaceIds: [1882, 1979],
  publishedAt: '2026-01-09T16:30:00.000Z', // 2026-01-10 in China
  status: 'draft',
  createdAt: '2026-01-09T16:30:00.000Z',
  updatedAt: '2026-01-09T16:30:00.000Z',
};

describe('the editor form', () => {
  it('edits a stored case as text and sends back what the server stores', () => {
    const values = toFormValues(CASE);
    expect(values).toMatchObject({ challenge: '人工审核慢。\n\n冒名理赔。', interfaceIds: '1882, 1979', publishedAt: '2026-01-10' });
    const parsed = CaseSaveInput.parse(toPayload(values));
    expect(parsed).toMatchObject({ challenge: CASE.challenge, solution: CASE.solution, results: CASE.results, interfaceIds: CASE.interfaceIds });
  });

  it('keeps a policy’s tags and an empty document number', () => {
    const policy: ConsolePolicy = {
      id: 1002,
      title: '《测试办法》',
      issuer: '某部委',
      docNumber: '',
      issuedAt: '2026-01-05T01:00:00.000Z',
      summary: '摘要',
      body: ['一段。'],
      tags: ['数据安全', '测试'],
      status: 'published',
      createdAt: '2026-01-05T01:00:00.000Z',
      updatedAt: '2026-01-05T01:00:00.000Z',
    };
    expect(PolicySaveInput.parse(toPayload(toFormValues(policy)))).toMatchObject({ docNumber: '', tags: ['数据安全', '测试'], issuedAt: '2026-01-05' });
  });

  it('starts a new banner with valid defaults, and sees an edit as unsaved', () => {
    const blank = blankValues('banners');
    expect(BannerSaveInput.shape.theme.safeParse(blank.theme).success).toBe(true);
    expect(snapshot({ ...blank })).toBe(snapshot(blank));
    expect(snapshot({ ...blank, title: '新横幅' })).not.toBe(snapshot(blank));
  });
});

describe('the preview', () => {
  it('renders a case the way its public page does, from the form’s text', () => {
    const html = renderToStaticMarkup(<ContentPreview kind="cases" values={toFormValues(CASE)} />);
    for (const text of [CASE.title, CASE.customer, '业务挑战', '人工审核慢。', '冒名理赔。', '实施成效', '接口 1882', '2026-01-10'])
      expect(html).toContain(text);
  });

  it('shows a banner card in its theme, and asks for a title before anything else', () => {
    const html = renderToStaticMarkup(
      <ContentPreview kind="banners" values={{ title: '春季特惠', subtitle: '说明', buttonText: '立即试用', href: '/api/1882', theme: 'orange', sort: 5 }} />,
    );
    expect(html).toContain('data-theme="orange"');
    expect(html).toContain('立即试用 →');
    expect(renderToStaticMarkup(<ContentPreview kind="news" values={{}} />)).toContain('填写标题后');
  });
});
