'use client';
// The messages list: all or unread, newest first, paged; opening one shows it in full (which
// marks it read on the server); 「全部标为已读」 clears the badge. The head's badge is re-read
// after every change so both always agree.
import { DEFAULT_PAGE_SIZE, type MessageDetail, type MessageRow } from '@apimarket/contracts';
import { App, Badge, Button, Card, Empty, List, Modal, Pagination, Segmented, Skeleton, Tag } from 'antd';
import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { useUserCenter } from '../../../../components/user-center/UserCenterContext';
import { request } from '../../../../lib/api/client';
import { serverMessage } from '../../../../lib/api/errors';
import { dateTime } from '../../../../lib/format';
import styles from './messages.module.css';

type Filter = 'all' | 'unread';
interface Page {
  rows: MessageRow[];
  total: number;
  unread: number;
}


export function MessageCenter() {
  const { message } = App.useApp();
  const { refreshUser } = useUserCenter();
  const [filter, setFilter] = useState<Filter>('all');
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<MessageDetail | null>(null);
  const [marking, setMarking] = useState(false);

  const load = useCallback(async () => {
    try {
      const res = await request<Page>('UserCenter/userNews', {
        data: { pageNum, pageSize: DEFAULT_PAGE_SIZE, unread: filter === 'unread' ? '1' : '0' },
      });
      setPage({ rows: res.rows, total: res.total, unread: res.unread });
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [pageNum, filter]);

  useEffect(() => {
    void load();
  }, [load]);

  const show = async (row: MessageRow) => {
    try {
      const res = await request<{ data: MessageDetail }>('UserCenter/getMessageInfo', { data: { id: row.id } });
      setOpen(res.data);
      if (!row.read) {
        await load();
        await refreshUser();
      }
    } catch (err) {
      const msg = serverMessage(err);
        if (msg) message.error(msg);
    }
  };

  const markAll = async () => {
    setMarking(true);
    try {
      const res = await request<{ msg: string }>('UserCenter/editMyAccountAlertStatus', { data: { all: '1' } });
      message.success(res.msg);
      await load();
      await refreshUser();
    } catch (err) {
      const msg = serverMessage(err);
        if (msg) message.error(msg);
    } finally {
      setMarking(false);
    }
  };

  return (
    <Card
      title={
        <span className={styles.title}>
          消息中心
          {page && page.unread > 0 ? <span className={styles.unread}>{page.unread} 条未读</span> : null}
        </span>
      }
      extra={
        <Button onClick={markAll} loading={marking} disabled={!page || page.unread === 0}>
          全部标为已读
        </Button>
      }
    >
      <Segmented<Filter>
        className={styles.filter}
        value={filter}
        onChange={(v) => {
          setFilter(v);
          setPageNum(1);
        }}
        options={[
          { label: '全部消息', value: 'all' },
          { label: '未读消息', value: 'unread' },
        ]}
      />
      {failed && !page ? (
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
              current={pageNum}
              total={page.total}
              pageSize={DEFAULT_PAGE_SIZE}
              showSizeChanger={false}
              onChange={setPageNum}
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
