'use client';
// The editor's fields for each kind, each with the server's own rule (from contracts), so the
// form says exactly what the server would. Paragraph fields are plain text: a blank line starts
// a new paragraph, as the public page shows them.
import {
  BANNER_THEME_LABEL,
  BANNER_THEMES,
  BannerSaveInput,
  CaseSaveInput,
  CONTENT_LIMITS,
  type ContentKind,
  INDUSTRIES,
  KnowledgeSaveInput,
  NEWS_TYPES,
  NewsSaveInput,
  PolicySaveInput,
} from '@apimarket/contracts';
import { AutoComplete, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { zodRule } from '@/lib/form-rules';
import styles from './content.module.css';

const rule = (schema: z.ZodType) => [zodRule(schema)];
const PARAGRAPH_HINT = '段落之间空一行；每段最多 2000 字';

function TitleField({ schema, max }: { schema: z.ZodType; max: number }) {
  return (
    <Form.Item name="title" label="标题" rules={rule(schema)}>
      <Input maxLength={max} showCount placeholder="读者在列表和搜索结果中看到的标题" />
    </Form.Item>
  );
}

function SummaryField({ schema }: { schema: z.ZodType }) {
  return (
    <Form.Item name="summary" label="摘要" rules={rule(schema)} extra="显示在列表和详情页标题下，也用作搜索引擎的描述">
      <Input.TextArea maxLength={CONTENT_LIMITS.summary} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
    </Form.Item>
  );
}

function ParagraphsField({ name, label, schema, rows = 8 }: { name: string; label: string; schema: z.ZodType; rows?: number }) {
  return (
    <Form.Item name={name} label={label} rules={rule(schema)} extra={PARAGRAPH_HINT}>
      <Input.TextArea autoSize={{ minRows: rows, maxRows: 24 }} />
    </Form.Item>
  );
}

/** A China day held as 'YYYY-MM-DD' text, shown in a date picker. */
function DayField({ name, label, schema }: { name: string; label: string; schema: z.ZodType }) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={rule(schema)}
      getValueProps={(v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : undefined })}
      normalize={(d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : '')}
    >
      <DatePicker allowClear={false} className={styles.select} />
    </Form.Item>
  );
}

function InterfacesField({ schema }: { schema: z.ZodType }) {
  return (
    <Form.Item name="interfaceIds" label="关联接口编号" rules={rule(schema)} extra="接口详情页地址中的数字，如 /api/1882 填 1882；多个用逗号分隔，最多 20 个">
      <Input placeholder="例如：1882, 1979" />
    </Form.Item>
  );
}

export function ContentFields({ kind, knowledgeTypes }: { kind: ContentKind; knowledgeTypes: string[] }) {
  switch (kind) {
    case 'news': {
      const s = NewsSaveInput.shape;
      return (
        <>
          <TitleField schema={s.title} max={CONTENT_LIMITS.title} />
          <div className={styles.twoCols}>
            <Form.Item name="type" label="分类" rules={rule(s.type)}>
              <Select options={NEWS_TYPES.map((t) => ({ value: t.type, label: t.typeName }))} />
            </Form.Item>
            <DayField name="publishedAt" label="发布日期" schema={s.publishedAt} />
          </div>
          <Form.Item name="source" label="来源" rules={rule(s.source)}>
            <Input maxLength={CONTENT_LIMITS.source} placeholder="例如：数据API市场、新华社" />
          </Form.Item>
          <SummaryField schema={s.summary} />
          <ParagraphsField name="body" label="正文" schema={s.body} rows={12} />
        </>
      );
    }
    case 'cases': {
      const s = CaseSaveInput.shape;
      return (
        <>
          <TitleField schema={s.title} max={CONTENT_LIMITS.title} />
          <div className={styles.twoCols}>
            <Form.Item name="industry" label="行业" rules={rule(s.industry)}>
              <Select placeholder="请选择" options={INDUSTRIES.map((i) => ({ value: i, label: i }))} />
            </Form.Item>
            <DayField name="publishedAt" label="发布日期" schema={s.publishedAt} />
          </div>
          <Form.Item name="customer" label="客户描述" rules={rule(s.customer)} extra="描述客户而不写名称，例如：某全国性财产保险公司">
            <Input maxLength={CONTENT_LIMITS.customer} />
          </Form.Item>
          <SummaryField schema={s.summary} />
          <ParagraphsField name="challenge" label="业务挑战" schema={s.challenge} rows={4} />
          <ParagraphsField name="solution" label="解决方案" schema={s.solution} rows={4} />
          <Form.Item name="results" label="实施成效" rules={rule(s.results)} extra={`${PARAGRAPH_HINT}；第一条会作为首页的客户评价`}>
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 24 }} />
          </Form.Item>
          <InterfacesField schema={s.interfaceIds} />
        </>
      );
    }
    case 'policies': {
      const s = PolicySaveInput.shape;
      return (
        <>
          <TitleField schema={s.title} max={CONTENT_LIMITS.title} />
          <Form.Item name="issuer" label="发布机关" rules={rule(s.issuer)}>
            <Input maxLength={CONTENT_LIMITS.issuer} />
          </Form.Item>
          <div className={styles.twoCols}>
            <Form.Item name="docNumber" label="文号" rules={rule(s.docNumber)} extra="没有公开文号可不填">
              <Input maxLength={CONTENT_LIMITS.docNumber} />
            </Form.Item>
            <DayField name="issuedAt" label="发布日期" schema={s.issuedAt} />
          </div>
          <SummaryField schema={s.summary} />
          <ParagraphsField name="body" label="正文" schema={s.body} rows={12} />
          <Form.Item name="tags" label="标签" rules={rule(s.tags)} extra="用逗号或顿号分隔，最多 10 个；读者可按标签筛选">
            <Input placeholder="例如：个人信息保护、数据安全" />
          </Form.Item>
        </>
      );
    }
    case 'knowledge': {
      const s = KnowledgeSaveInput.shape;
      return (
        <>
          <TitleField schema={s.title} max={CONTENT_LIMITS.title} />
          <div className={styles.twoCols}>
            <Form.Item name="type" label="分类" rules={rule(s.type)} extra="可选已有分类，或输入新分类">
              <AutoComplete
                options={knowledgeTypes.map((t) => ({ value: t }))}
                filterOption={(input, option) => String(option?.value ?? '').includes(input.trim())}
                maxLength={CONTENT_LIMITS.knowledgeType}
              />
            </Form.Item>
            <DayField name="publishedAt" label="发布日期" schema={s.publishedAt} />
          </div>
          <SummaryField schema={s.summary} />
          <ParagraphsField name="body" label="正文" schema={s.body} rows={12} />
          <InterfacesField schema={s.interfaceIds} />
        </>
      );
    }
    case 'banners': {
      const s = BannerSaveInput.shape;
      return (
        <>
          <TitleField schema={s.title} max={CONTENT_LIMITS.bannerTitle} />
          <Form.Item name="subtitle" label="说明" rules={rule(s.subtitle)}>
            <Input.TextArea maxLength={CONTENT_LIMITS.bannerSubtitle} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <div className={styles.twoCols}>
            <Form.Item name="buttonText" label="按钮文字" rules={rule(s.buttonText)}>
              <Input maxLength={CONTENT_LIMITS.buttonText} placeholder="例如：立即试用" />
            </Form.Item>
            <Form.Item name="href" label="按钮链接" rules={rule(s.href)}>
              <Input maxLength={CONTENT_LIMITS.href} placeholder="/api/1882 或 https://…" />
            </Form.Item>
            <Form.Item name="theme" label="配色" rules={rule(s.theme)}>
              <Select options={BANNER_THEMES.map((t) => ({ value: t, label: BANNER_THEME_LABEL[t] }))} />
            </Form.Item>
            <Form.Item name="sort" label="排序" rules={rule(s.sort)} extra="数字小的排在前面">
              <InputNumber min={0} max={CONTENT_LIMITS.sortMax} precision={0} className={styles.select} />
            </Form.Item>
          </div>
        </>
      );
    }
  }
}
