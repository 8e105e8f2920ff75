'use client';
// 新建 / 编辑 one item in a drawer: the form and, beside it on a tab, the preview as the public
// page will show it. A new item is saved as a draft; 发布 saves pending changes first, then
// publishes; 下线 takes it off the site. Every answer says what became of the public pages.
import {
  CONSOLE_CONTENT_CALLS,
  type ConsoleContentItem,
  CONTENT_KIND_LABEL,
  CONTENT_STATUS_LABEL,
  type ContentChange,
  type ContentKind,
  type ContentStatus,
  consoleContentApi,
  contentPublicPath,
} from '@apimarket/contracts';
import { Alert, App, Button, Drawer, Form, Popconfirm, Skeleton, Tabs, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { serverMessage } from '@/lib/api/errors';
import { useReload } from '@/components/console/ConsoleContext';
import { useCall, useCallMutation } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { blankValues, type FormValues, savePayload, snapshot, toFormValues } from './content-form';
import { ContentFields } from './ContentFields';
import { ContentPreview } from './ContentPreview';
import styles from './content.module.css';

/** Which item the drawer edits: a stored one, a new one, or none (closed). */
export type EditTarget = number | 'new' | null;

interface Loaded {
  initial: FormValues;
  id: number | null;
  status: ContentStatus;
  version?: string;
  updatedAt?: string;
  views: number;
}

export const STATUS_COLOR: Record<ContentStatus, string> = { draft: 'default', published: 'success' };

/** Shows a change's message: a warning when the web could not be told to refresh its pages. */
export function useNotify() {
  const { message } = App.useApp();
  return useCallback(
    (msg: string, pages: ContentChange['pages']) => {
      if (pages === 'failed') void message.warning(msg, 6);
      else void message.success(msg);
    },
    [message],
  );
}

/** The editor's state of a stored item. */
function loadedOf(item: ConsoleContentItem[ContentKind]): Loaded {
  const updatedAt = 'updatedAt' in item ? item.updatedAt : undefined;
  return { initial: toFormValues(item), id: item.id, status: item.status, version: updatedAt, updatedAt, views: 'views' in item ? item.views : 0 };
}

/** The calls of a kind whose answers a change of an item makes stale. */
export function changesOf(kind: ContentKind) {
  const calls = CONSOLE_CONTENT_CALLS[kind];
  return [calls.list, calls.detail, consoleContentApi.knowledgeTypes] as const;
}

/** One opening of the editor (ContentList mounts a fresh one each time). */
export function ContentEditor({ kind, target, onClose }: { kind: ContentKind; target: EditTarget; onClose: () => void }) {
  const { message } = App.useApp();
  const notify = useNotify();
  const [form] = Form.useForm<FormValues>();
  const values = Form.useWatch((v: FormValues) => v, form) ?? {};
  const [loaded, setLoaded] = useState<Loaded | null>(() => (target === 'new' ? { initial: blankValues(kind), id: null, status: 'draft', views: 0 } : null));
  const [saved, setSaved] = useState(() => (loaded ? snapshot(loaded.initial) : ''));
  const [busy, setBusy] = useState<'save' | 'publish' | 'unpublish' | null>(null);
  const [tab, setTab] = useState('edit');
  const label = CONTENT_KIND_LABEL[kind];
  const calls = CONSOLE_CONTENT_CALLS[kind];

  const stored = typeof target === 'number' ? target : null;
  const detail = useCall(calls.detail, { id: stored ?? 0 }, { enabled: stored !== null, quiet: true });
  const error = stored !== null && detail.isError ? (serverMessage(detail.error) ?? `${label}加载失败，请关闭后重试`) : null;
  // Suggestions only: the field still takes any type when they cannot be loaded.
  const types = useCall(consoleContentApi.knowledgeTypes, {}, { enabled: kind === 'knowledge' && target !== null, quiet: true });
  const knowledgeTypes = types.data?.data ?? [];

  const reload = useReload();
  const saving = useCallMutation(calls.save, { quiet: true });
  const publishing = useCallMutation(calls.publish, { quiet: true });
  const unpublishing = useCallMutation(calls.unpublish, { quiet: true });

  // The stored item fills the editor once, when it arrives.
  const item = detail.data?.data;
  useEffect(() => {
    if (!item || loaded) return;
    const next = loadedOf(item);
    setLoaded(next);
    setSaved(snapshot(next.initial));
  }, [item, loaded]);

  // Until the form is connected the watch is empty: that is not an edit.
  const dirty = loaded !== null && Object.keys(values).length > 0 && snapshot(values) !== saved;

  /** Saves the form; the saved state, or null when a field or the server said no. */
  const save = async (): Promise<Loaded | null> => {
    if (!loaded) return null;
    let input: FormValues;
    try {
      input = await form.validateFields();
    } catch {
      setTab('edit');
      return null;
    }
    try {
      const res = await saving.mutateAsync(savePayload(input, loaded.id === null ? null : { id: loaded.id, version: loaded.version }));
      const next: Loaded = {
        ...loaded,
        id: res.data.id,
        status: res.data.status,
        version: res.data.updatedAt ?? loaded.version,
        updatedAt: res.data.updatedAt ?? loaded.updatedAt,
      };
      setLoaded(next);
      setSaved(snapshot(input));
      notify(res.msg, res.data.pages);
      reload(...changesOf(kind));
      return next;
    } catch (err) {
      void message.error(serverMessage(err) ?? '保存失败，请稍后再试');
      return null;
    }
  };

  const run = async (what: 'save' | 'publish' | 'unpublish') => {
    setBusy(what);
    try {
      if (what === 'save') {
        await save();
        return;
      }
      // What is published is what is saved: pending changes are saved first (a take-down leaves them pending).
      const current = what === 'publish' && (dirty || loaded?.id === null) ? await save() : loaded;
      if (!current?.id) return;
      const res = await (what === 'publish' ? publishing : unpublishing).mutateAsync({ id: current.id });
      setLoaded({ ...current, status: res.data.status, version: res.data.updatedAt ?? current.version, updatedAt: res.data.updatedAt ?? current.updatedAt });
      notify(res.msg, res.data.pages);
      reload(...changesOf(kind));
    } catch (err) {
      void message.error(serverMessage(err) ?? '操作失败，请稍后再试');
    } finally {
      setBusy(null);
    }
  };

  const published = loaded?.status === 'published';
  const publicPath = loaded?.id ? contentPublicPath(kind, loaded.id) : null;
  const footer = loaded ? (
    <div className={styles.footer}>
      {published && publicPath ? (
        <Button href={publicPath} target="_blank" rel="noreferrer">
          查看公开页面
        </Button>
      ) : null}
      {published ? (
        <Popconfirm
          title={`下线这条${label}？`}
          description={kind === 'banners' ? '下线后首页不再显示这张横幅。' : '下线后公开页面不再显示，已分享的链接将打不开。'}
          okText="下 线"
          onConfirm={() => run('unpublish')}
        >
          <Button danger loading={busy === 'unpublish'} disabled={busy !== null}>
            下 线
          </Button>
        </Popconfirm>
      ) : (
        <Popconfirm
          title={`发布这条${label}？`}
          description={dirty || loaded.id === null ? '将先保存当前修改，再发布到公开页面。' : '发布后读者即可在公开页面看到。建议先在「预览」中检查。'}
          okText="发 布"
          onConfirm={() => run('publish')}
        >
          <Button loading={busy === 'publish'} disabled={busy !== null}>
            发 布
          </Button>
        </Popconfirm>
      )}
      <Button type="primary" loading={busy === 'save'} disabled={busy !== null} onClick={() => run('save')}>
        {published ? '保存并更新' : '保 存'}
      </Button>
    </div>
  ) : null;

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size="min(880px, 100vw)"
      title={loaded?.id ? `编辑${label}` : `新建${label}`}
      destroyOnHidden
      footer={footer}
    >
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {!loaded && !error ? <Skeleton active paragraph={{ rows: 10 }} /> : null}
      {loaded ? (
        <>
          <div className={styles.statusLine}>
            <Tag color={STATUS_COLOR[loaded.status]}>{CONTENT_STATUS_LABEL[loaded.status]}</Tag>
            {loaded.id ? <span className={styles.hint}>编号 {loaded.id}</span> : <span className={styles.hint}>保存后为草稿，发布前读者看不到</span>}
            {loaded.updatedAt ? <span className={styles.hint}>最后保存 {dateTime(loaded.updatedAt)}</span> : null}
            {dirty ? <Tag color="warning">有未保存的修改</Tag> : null}
            {published && dirty ? <span className={styles.hint}>保存后公开页面随即更新</span> : null}
          </div>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'edit',
                label: '编 辑',
                forceRender: true,
                children: (
                  <Form form={form} layout="vertical" initialValues={loaded.initial} requiredMark={false} onFinish={() => run('save')}>
                    <ContentFields kind={kind} knowledgeTypes={knowledgeTypes} />
                  </Form>
                ),
              },
              { key: 'preview', label: '预 览', children: <ContentPreview kind={kind} values={values} views={loaded.views} /> },
            ]}
          />
        </>
      ) : null}
    </Drawer>
  );
}
