'use client';
// The outbox table. Filtering is a plain GET form (?to=), so it works before any JS loads.
import { devApi, type OutboxRow } from '@apimarket/contracts';
import { Alert, Button, Card, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { request } from '@/lib/api/client';
import styles from './OutboxView.module.css';

const STATUS: Record<string, { color: string; text: string }> = {
  sent: { color: 'success', text: '已发送' },
  queued: { color: 'processing', text: '排队中' },
  failed: { color: 'error', text: '发送失败' },
};

export function OutboxView({ to, rows: initial }: { to: string; rows: OutboxRow[] | null }) {
  const [rows, setRows] = useState(initial);
  const [loading, setLoading] = useState(false);

  // A code sent after the page loaded shows up without a full reload.
  const refresh = async () => {
    setLoading(true);
    try {
      const body = await request(devApi.outbox, { to });
      setRows(body.rows);
    } catch {
      // the request client has already told the user
    } finally {
      setLoading(false);
    }
  };

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <Card>
          <Typography.Title level={3} className={styles.title}>
            发件箱
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            开发模式下短信与邮件不会真实发出，全部记录在这里。输入手机号或邮箱筛选，用其中的验证码完成注册或登录。
          </Typography.Paragraph>
          <form method="get" className={styles.filter}>
            <Space.Compact className={styles.search}>
              <Input name="to" defaultValue={to} placeholder="手机号或邮箱" allowClear aria-label="收件人" />
              <Button type="primary" htmlType="submit">
                查询
              </Button>
            </Space.Compact>
            <Button onClick={refresh} loading={loading} className={styles.refresh}>
              刷新
            </Button>
          </form>
          {rows === null ? (
            <Alert type="error" showIcon title="无法读取发件箱，请确认服务端已启动且开启了 DEV_TOOLS。" />
          ) : (
            <Table<OutboxRow>
              rowKey="id"
              dataSource={rows}
              pagination={false}
              scroll={{ x: 760 }}
              locale={{ emptyText: <Empty description={to ? `没有发给 ${to} 的消息` : '还没有发出的短信或邮件'} /> }}
              columns={[
                { title: '时间', dataIndex: 'createdAt', width: 180, render: (v: string) => new Date(v).toLocaleString('zh-CN', { hour12: false }) },
                { title: '渠道', dataIndex: 'channel', width: 80, render: (v: string) => (v === 'sms' ? '短信' : '邮件') },
                { title: '收件人', dataIndex: 'recipient', width: 150 },
                {
                  title: '验证码',
                  dataIndex: 'code',
                  width: 110,
                  render: (v: string | null) =>
                    v ? (
                      <Typography.Text strong copyable data-testid="outbox-code">
                        {v}
                      </Typography.Text>
                    ) : (
                      '—'
                    ),
                },
                { title: '内容', dataIndex: 'body', render: (v: string, r) => (r.subject ? `${r.subject}：${v}` : v) },
                {
                  title: '状态',
                  dataIndex: 'status',
                  width: 100,
                  render: (v: string) => <Tag color={STATUS[v]?.color}>{STATUS[v]?.text ?? v}</Tag>,
                },
              ]}
            />
          )}
        </Card>
      </div>
    </main>
  );
}
