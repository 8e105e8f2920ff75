'use client';
// 预览: the item as the public page will show it, from the form's current values and with the
// public page's own components and styles, so what the editor checks is what readers get. Side
// lists and neighbours are left out: they come from the other published items.
import { BANNER_THEME_LABEL, type ContentKind, newsTypeName } from '@apimarket/contracts';
import { Empty } from 'antd';
import { Article, ArticleBody, ArticleHeader } from '@/components/content/Article';
import cs from '@/components/content/content.module.css';
import { formatCount } from '@/lib/content';
import caseStyles from '@/app/(site)/case/[id]/case.module.css';
import policyStyles from '@/app/(site)/policy/policy.module.css';
import { type FormValues, listOf, paragraphsOf, textOf, themeOf } from './content-form';
import styles from './content.module.css';

const CASE_PARTS = [
  { key: 'challenge', title: '业务挑战', note: '客户遇到的问题' },
  { key: 'solution', title: '解决方案', note: '我们如何解决' },
  { key: 'results', title: '实施成效', note: '客户测得的变化' },
] as const;

function Interfaces({ ids, title }: { ids: string[]; title: string }) {
  if (ids.length === 0) return null;
  return (
    <section className={cs.interfaces} aria-label={title}>
      <h2 className={cs.sectionTitle}>{title}</h2>
      <ul>
        {ids.map((id) => (
          <li key={id}>
            <a href={`/api/${id}`} target="_blank" rel="noreferrer">
              <span>接口 {id}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ContentPreview({ kind, values, views = 0 }: { kind: ContentKind; values: FormValues; views?: number }) {
  const title = textOf(values.title);
  if (!title) {
    return <Empty className={styles.previewEmpty} description="填写标题后，这里按公开页面的样式显示预览" />;
  }
  const summary = textOf(values.summary);

  if (kind === 'banners') {
    const theme = themeOf(values.theme);
    return (
      <div className={styles.previewFrame}>
        <p className={styles.previewNote}>
          首页「平台动态」中的一张横幅（{BANNER_THEME_LABEL[theme]}，排序 {textOf(values.sort) || '0'}）：
        </p>
        <div className={styles.bannerCard} data-theme={theme}>
          <h2>{title}</h2>
          <p>{textOf(values.subtitle)}</p>
          <span className={styles.bannerLink}>{textOf(values.buttonText)} →</span>
        </div>
        <p className={styles.previewNote}>按钮链接：{textOf(values.href) || '（未填写）'}</p>
      </div>
    );
  }

  if (kind === 'cases') {
    return (
      <div className={styles.previewFrame}>
        <Article>
          <ArticleHeader
            tag={textOf(values.industry)}
            title={title}
            facts={[
              { label: '客户', value: textOf(values.customer) },
              { label: '发布时间', value: textOf(values.publishedAt) },
            ]}
            lead={summary}
          />
          {CASE_PARTS.map((part, n) => {
            const items = paragraphsOf(values[part.key]);
            return items.length > 0 ? (
              <section key={part.key} className={caseStyles.part}>
                <h2>
                  <span className={caseStyles.step} aria-hidden="true">
                    {String(n + 1).padStart(2, '0')}
                  </span>
                  {part.title}
                  <small>{part.note}</small>
                </h2>
                <ul className={part.key === 'results' ? caseStyles.results : caseStyles.points}>
                  {items.map((text, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: items of one text in fixed order
                    <li key={i}>{text}</li>
                  ))}
                </ul>
              </section>
            ) : null;
          })}
          <Interfaces ids={listOf(values.interfaceIds)} title="使用的接口" />
        </Article>
      </div>
    );
  }

  if (kind === 'policies') {
    const tags = listOf(values.tags);
    return (
      <div className={styles.previewFrame}>
        <Article>
          <ArticleHeader
            tag="政策解读"
            title={title}
            facts={[
              { label: '发布机关', value: textOf(values.issuer) },
              { label: '文号', value: textOf(values.docNumber) },
              { label: '发布日期', value: textOf(values.issuedAt) },
            ]}
            lead={summary}
          />
          {tags.length > 0 ? (
            <ul className={`${cs.tagLinks} ${policyStyles.tags}`} aria-label="标签">
              {tags.map((t) => (
                <li key={t}>
                  <span>{t}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <ArticleBody paragraphs={paragraphsOf(values.body)} />
          <p className={policyStyles.disclaimer}>以上为平台对公开政策文件的解读，不构成法律意见；具体适用请以政策原文及主管部门解释为准。</p>
        </Article>
      </div>
    );
  }

  if (kind === 'knowledge') {
    return (
      <div className={styles.previewFrame}>
        <Article>
          <ArticleHeader
            tag={textOf(values.type)}
            title={title}
            facts={[
              { label: '发布时间', value: textOf(values.publishedAt) },
              { label: '阅读', value: formatCount(views) },
            ]}
            lead={summary}
          />
          <ArticleBody paragraphs={paragraphsOf(values.body)} />
          <Interfaces ids={listOf(values.interfaceIds)} title="相关接口" />
        </Article>
      </div>
    );
  }

  const typeName = newsTypeName(Number(values.type));
  return (
    <div className={styles.previewFrame}>
      <Article>
        <ArticleHeader
          title={title}
          facts={[
            { label: '分类', value: typeName },
            { label: '发布时间', value: textOf(values.publishedAt) },
            { label: '来源', value: textOf(values.source) },
            { label: '浏览', value: formatCount(views) },
          ]}
          lead={summary}
        />
        <ArticleBody paragraphs={paragraphsOf(values.body)} />
      </Article>
    </div>
  );
}
