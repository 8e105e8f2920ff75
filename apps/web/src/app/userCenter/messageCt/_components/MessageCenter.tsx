'use client';
// The messages list: all or unread, newest first, paged; opening one shows it in full (which
// marks it read on the server); 「全部标为已读」 clears the badge. The head's badge is re-read
// after every change so both always agree. The filter and the page are in the address.
import { accountApi, DEFAULT_PAGE_SIZE, type MessageDetail, type MessageRow } from '@apimarket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Empty, List, Modal, Pagination, Segmented, Skeleton, Tag } from 'antd';
import Link from 'next/link';
import { useState } from 'react';
import { useUserCenter } from '@/components/user-center/UserCenterContext';
import { request } from '@/lib/api/client';
import { callKey, toastFailure, useCallMutation, usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import styles from './messages.module.css';

type Filter = 'all' | 'unread';

export function MessageCenter() {
  const { message } = App.useApp();
  const { refreshUser } = useUserCenter();
  const client = useQueryClient();
  // The list says itself when it cannot load (the designed empty state), so no toast.
  const list = usePagedList(accountApi.messages, { inUrl: true, quiet: true, pageSize: DEFAULT_PAGE_SIZE, filters: { unread: '0' } });
  const filter: Filter = list.filters.unread === '1' ? 'unread' : 'all';
  const page = list.reply ?? null;
  const [open, setOpen] = useState<MessageDetail | null>(null);

  /** Every page of the list (either filter) and the head's badge, after a message was read. */
  const reread = async () => {
    await client.invalidateQueries({ queryKey: callKey(accountApi.messages) });
    await refreshUser();
  };

  const show = async (row: MessageRow) => {
    try {
      const res = await request(accountApi.message, { id: row.id });
      setOpen(res.data);
      if (!row.read) await reread();
    } catch (err) {
      toastFailure(err);
    }
  };

  const marking = useCallMutation(accountApi.markRead, {
    onSuccess: async (res) => {
      message.success(res.msg);
      await reread();
    },
  });
  const markAll = () => marking.mutateAsync({ all: '1' }).catch(() => undefined);

  return (
    <Card
      title={
        <span className={styles.title}>
          消息中心
          {page && page.unread > 0 ? <span className={styles.unread}>{page.unread} 条未读</span> : null}
        </span>
      }
      extra={
        <Button onClick={markAll} loading={marking.isPending} disabled={!page || page.unread === 0}>
          全部标为已读
        </Button>
      }
    >
      <Segmented<Filter>
        className={styles.filter}
        value={filter}
        onChange={(v) => list.setFilters({ unread: v === 'unread' ? '1' : '0' })}
        options={[
          { label: '全部消息', value: 'all' },
          { label: '未读消息', value: 'unread' },
        ]}
      />
      {list.failed ? (
        <Empty description="消息暂时无法加载，请稍后刷新重试" />
      ) : !page ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : page.rows.length === 0 ? (
        <Empty description={filter === 'unread' ? '没有未读消息' : '暂无消息，审核结果、安全提醒和账单通知会出现在这里'} />
      ) : (
        <>
          <List
            dataSource={page.rows}
            rowKey="id"
            renderItem={(row) => (
              <List.Item className={styles.item} data-testid="message-row">
                <button type="button" className={styles.row} onClick={() => void show(row)}>
                  <span className={styles.dot}>{row.read ? null : <Badge status="processing" />}</span>
                  <span className={styles.main}>
                    <span className={row.read ? styles.subject : styles.subjectUnread}>
                      <Tag className={styles.kind}>{row.kindLabel}</Tag>
                      {row.title}
                    </span>
                    <span className={styles.summary}>{row.summary}</span>
                  </span>
                  <time className={styles.time} dateTime={row.createdAt}>
                    {dateTime(row.createdAt)}
                  </time>
                </button>
              </List.Item>
            )}
          />
          {page.total > DEFAULT_PAGE_SIZE ? (
            <Pagination
              className={styles.pager}
              current={list.page}
              total={page.total}
              pageSize={DEFAULT_PAGE_SIZE}
              showSizeChanger={false}
              onChange={list.setPage}
            />
          ) : null}
        </>
      )}
      <Modal
        open={open !== null}
        title={open?.title}
        onCancel={() => setOpen(null)}
        footer={[
          open?.link ? (
            <Link key="go" href={open.link} onClick={() => setOpen(null)}>
              <Button type="primary">前往查看</Button>
            </Link>
          ) : null,
          <Button key="close" onClick={() => setOpen(null)}>
            关闭
          </Button>,
        ]}
      >
        {open ? (
          <div data-testid="message-detail">
            <p className={styles.meta}>
              {open.kindLabel} · {dateTime(open.createdAt)}
            </p>
            <div className={styles.body}>{open.body}</div>
          </div>
        ) : null}
      </Modal>
    </Card>
  );
}
