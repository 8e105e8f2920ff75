'use client';
// One kind's items: drafts first, then the newest; searched by title (or number), filtered by
// status and by type or industry where the kind has one. Each row opens in the editor and can
// be published or taken down in place; a published row links to its public page.
import {
  BANNER_THEME_LABEL,
  BANNER_THEMES,
  CONSOLE_CONTENT_CALLS,
  type ConsoleContentRow,
  CONTENT_KIND_LABEL,
  CONTENT_STATUS_LABEL,
  CONTENT_STATUSES,
  type ContentKind,
  type ContentStatus,
  consoleContentApi,
  contentPublicPath,
  INDUSTRIES,
  NEWS_TYPES,
  newsTypeName,
} from '@apimarket/contracts';
import { Alert, App, Button, Card, Empty, Input, Popconfirm, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { serverMessage } from '@/lib/api/errors';
import { useReload } from '@/components/console/ConsoleContext';
import { useCall, useCallMutation, usePagedList } from '@/lib/api/query';
import { formatCount, formatDate } from '@/lib/content';
import { dateTime } from '@/lib/format';
import { ContentEditor, changesOf, type EditTarget, STATUS_COLOR, useNotify } from './ContentEditor';
import styles from './content.module.css';

type Row = ConsoleContentRow;

/** The list's filters ('' is none): a kind ignores the ones it has no column for. */
const NO_FILTERS: { keyword: string; status: ContentStatus | ''; type: string; industry: string } = { keyword: '', status: '', type: '', industry: '' };

const PAGE_SIZE = 20;

/** The line under a title: what a kind's editor checks at a glance. */
function metaOf(r: Row): string {
  if ('source' in r) return [newsTypeName(r.type), r.source && `来源：${r.source}`, `浏览 ${formatCount(r.views)}`].filter(Boolean).join(' · ');
  if ('customer' in r) return `${r.industry} · ${r.customer}`;
  if ('issuer' in r) return [r.issuer, r.docNumber].filter(Boolean).join(' · ');
  if ('buttonText' in r) {
    const theme = BANNER_THEMES.find((t) => t === r.theme);
    return `${r.buttonText} → ${r.href}${theme ? ` · ${BANNER_THEME_LABEL[theme]}` : ''}`;
  }
  return `${r.type} · 阅读 ${formatCount(r.views)}`;
}

/** The date a kind is ordered by, or the banner's place on the home. */
function whenOf(r: Row): string {
  if ('issuedAt' in r) return formatDate(r.issuedAt);
  if ('publishedAt' in r) return formatDate(r.publishedAt);
  return `排序 ${r.sort}`;
}

const EMPTY_HINT: Record<ContentKind, string> = {
  news: '还没有新闻，点击「新建」撰写第一篇',
  cases: '还没有客户案例，点击「新建」添加',
  policies: '还没有政策解读，点击「新建」添加',
  knowledge: '知识库还没有文章，点击「新建」撰写',
  banners: '首页还没有横幅，点击「新建」添加',
};

export function ContentList({ kind }: { kind: ContentKind }) {
  const { message } = App.useApp();
  const notify = useNotify();
  const calls = CONSOLE_CONTENT_CALLS[kind];
  const list = usePagedList(calls.list, { pageSize: PAGE_SIZE, filters: NO_FILTERS, quiet: true });
  const filters = list.filters;
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<EditTarget>(null);
  // A fresh editor (and form store) for every opening, so one item's values never show in the next.
  const [session, setSession] = useState(0);
  const types = useCall(consoleContentApi.knowledgeTypes, {}, { enabled: kind === 'knowledge', quiet: true });
  const knowledgeTypes = types.data?.data ?? [];
  const label = CONTENT_KIND_LABEL[kind];
  const error = list.failed ? (serverMessage(list.error) ?? `${label}列表加载失败，请稍后再试`) : null;

  const reload = useReload();
  const publishing = useCallMutation(calls.publish, { quiet: true });
  const unpublishing = useCallMutation(calls.unpublish, { quiet: true });

  const edit = (target: EditTarget) => {
    setSession((n) => n + 1);
    setEditing(target);
  };

  const filter = (patch: Partial<typeof NO_FILTERS>) => list.setFilters(patch);

  const move = (r: Row, to: 'publish' | 'unpublish') =>
    (to === 'publish' ? publishing : unpublishing).mutateAsync({ id: r.id }).then(
      (res) => {
        notify(res.msg, res.data.pages);
        reload(...changesOf(kind));
      },
      (err: unknown) => void message.error(serverMessage(err) ?? '操作失败，请稍后再试'),
    );

  const columns: TableColumnsType<Row> = [
    {
      title: '标题',
      key: 'title',
      render: (_, r) => (
        <div className={styles.titleCell}>
          <strong>{r.title}</strong>
          <span className={styles.meta}>
            #{r.id} · {metaOf(r)}
          </span>
        </div>
      ),
    },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: ContentStatus) => <Tag color={STATUS_COLOR[s]}>{CONTENT_STATUS_LABEL[s]}</Tag> },
    { title: kind === 'banners' ? '位置' : '日期', key: 'when', width: 110, render: (_, r) => whenOf(r) },
    ...(kind === 'banners'
      ? []
      : [{ title: '最后修改', key: 'updatedAt', width: 170, render: (_: unknown, r: Row) => ('updatedAt' in r ? dateTime(r.updatedAt) : '—') }]),
    {
      title: '操作',
      key: 'actions',
      width: 210,
      render: (_, r) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => edit(r.id)}>
            编 辑
          </Button>
          {r.status === 'published' ? (
            <>
              <Popconfirm title={`下线「${r.title}」？`} description="下线后公开页面不再显示。" okText="下 线" onConfirm={() => move(r, 'unpublish')}>
                <Button size="small" danger>
                  下 线
                </Button>
              </Popconfirm>
              <Button size="small" type="link" href={contentPublicPath(kind, r.id)} target="_blank" rel="noreferrer">
                查 看
              </Button>
            </>
          ) : (
            <Popconfirm title={`发布「${r.title}」？`} description="发布后读者即可在公开页面看到。" okText="发 布" onConfirm={() => move(r, 'publish')}>
              <Button size="small" type="primary" ghost>
                发 布
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const filtered = Boolean(filters.keyword || filters.status || filters.type || filters.industry);
  return (
    <Card>
      <div className={styles.filters}>
        <Input.Search
          className={styles.keyword}
          allowClear
          placeholder={kind === 'banners' ? '搜索标题、说明或链接' : '搜索标题、摘要或编号'}
          maxLength={50}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => filter({ keyword: v.trim() })}
        />
        <Select<ContentStatus | ''>
          className={styles.select}
          value={filters.status}
          onChange={(v) => filter({ status: v })}
          options={[{ value: '', label: '全部状态' }, ...CONTENT_STATUSES.map((s) => ({ value: s, label: CONTENT_STATUS_LABEL[s] }))]}
          aria-label="状态"
        />
        {kind === 'news' ? (
          <Select<string>
            className={styles.select}
            value={filters.type}
            onChange={(v) => filter({ type: v })}
            options={[{ value: '', label: '全部分类' }, ...NEWS_TYPES.map((t) => ({ value: String(t.type), label: t.typeName }))]}
            aria-label="分类"
          />
        ) : null}
        {kind === 'cases' ? (
          <Select<string>
            className={styles.select}
            value={filters.industry}
            onChange={(v) => filter({ industry: v })}
            options={[{ value: '', label: '全部行业' }, ...INDUSTRIES.map((i) => ({ value: i, label: i }))]}
            aria-label="行业"
          />
        ) : null}
        {kind === 'knowledge' ? (
          <Select<string>
            className={styles.select}
            value={filters.type}
            onChange={(v) => filter({ type: v })}
            options={[{ value: '', label: '全部分类' }, ...knowledgeTypes.map((t) => ({ value: t, label: t }))]}
            aria-label="分类"
          />
        ) : null}
        <Button type="primary" onClick={() => edit('new')}>
          新建{label}
        </Button>
      </div>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重 试
            </Button>
          }
        />
      ) : null}
      <Table<Row>
        rowKey="id"
        loading={list.fetching}
        columns={columns}
        dataSource={list.rows}
        scroll={list.rows.length ? { x: 900 } : undefined}
        locale={{ emptyText: <Empty description={filtered ? `没有符合条件的${label}，换个关键词或状态试试` : EMPTY_HINT[kind]} /> }}
        pagination={{ ...list.pagination, showTotal: (n) => `共 ${n} 条` }}
      />
      <ContentEditor key={session} kind={kind} target={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
