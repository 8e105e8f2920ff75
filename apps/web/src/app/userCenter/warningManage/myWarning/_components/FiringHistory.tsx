'use client';
// 预警记录 (myWarn/warnRecordList): what fired, when, and to whom each channel went — delivered
// or not — newest first. Read again whenever a card on the page changed a rule.
import type { AlertDeliveryView, AlertFiringRow } from '@apimarket/contracts';
import { Card, Empty, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { request } from '../../../../../lib/api/client';
import { dateTime } from '../../../../../lib/format';
import styles from './alerts.module.css';
import { useRulesChanged } from './shared';

const CHANNEL: Record<AlertDeliveryView['channel'], string> = { sms: '短信', email: '邮件', message: '站内信' };
const PAGE_SIZE = 10;

export function FiringHistory() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ rows: AlertFiringRow[]; total: number } | null | 'failed'>(null);

  const load = useCallback(async (pageNum: number) => {
    try {
      const res = await request<{ rows: AlertFiringRow[]; total: number }>('myWarn/warnRecordList', { data: { pageNum, pageSize: PAGE_SIZE }, silent: true });
      setData({ rows: res.rows, total: res.total });
    } catch {
      setData('failed');
    }
  }, []);
  // Read again after any rule change on the page: a saved rule may have fired already.
  const { version } = useRulesChanged();
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the trigger, not an input
  useEffect(() => void load(page), [load, page, version]);

  const columns: TableColumnsType<AlertFiringRow> = [
    { title: '时间', key: 'at', width: 170, render: (_, r) => dateTime(r.createdAt) },
    { title: '类型', dataIndex: 'kindLabel', key: 'kind', width: 120 },
    { title: '内容', dataIndex: 'text', key: 'text' },
    {
      title: '发送情况',
      key: 'deliveries',
      width: 260,
      render: (_, r) => (
        <div className={styles.deliveries}>
          {r.deliveries.map((d) => {
            // One delivery per channel and recipient of a firing.
            const key = `${d.channel}:${d.contactName}:${d.recipient}`;
            const label = `${CHANNEL[d.channel]}${d.channel === 'message' ? '' : ` ${d.contactName} ${d.recipient}`}`;
            const tag = (
              <Tag key={key} color={d.delivered ? 'success' : 'error'}>
                {label}
                {d.delivered ? '' : '（失败）'}
              </Tag>
            );
            return d.error ? (
              <Tooltip key={key} title={d.error}>
                {tag}
              </Tooltip>
            ) : (
              tag
            );
          })}
          {r.deliveries.length === 1 ? <span className={styles.muted}>无已验证的联系人</span> : null}
        </div>
      ),
    },
  ];

  return (
    <Card title="预警记录" data-testid="alert-history">
      {data === 'failed' ? (
        <Empty description="预警记录暂时无法读取，请稍后刷新重试" />
      ) : (
        <Table<AlertFiringRow>
          rowKey="id"
          columns={columns}
          dataSource={data?.rows ?? []}
          loading={data === null}
          scroll={data?.rows?.length ? { x: 860 } : undefined}
          pagination={data && data.total > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, total: data.total, onChange: setPage, showSizeChanger: false } : false}
          locale={{ emptyText: <Empty description="还没有触发过预警：设置的预警越过阈值时，会在这里留下记录" /> }}
        />
      )}
    </Card>
  );
}
