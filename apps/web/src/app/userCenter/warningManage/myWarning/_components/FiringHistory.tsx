'use client';
// 预警记录 (myWarn/warnRecordList): what fired, when, and to whom each channel went — delivered
// or not — newest first; the page is in the address (?page=). Read again whenever a card on the
// page changed a rule (each card's changes name this list as stale).
import { type AlertDeliveryView, type AlertFiringRow, alertsApi } from '@apimarket/contracts';
import { Card, Empty, type TableColumnsType, Tag, Tooltip } from 'antd';
import { ListTable } from '@/components/user-center/ListTable';
import { usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import styles from './alerts.module.css';

const CHANNEL: Record<AlertDeliveryView['channel'], string> = { sms: '短信', email: '邮件', message: '站内信' };

export function FiringHistory() {
  const list = usePagedList(alertsApi.firings, { inUrl: true, quiet: true });

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
      <ListTable<AlertFiringRow>
        rowKey="id"
        columns={columns}
        list={list}
        failedText="预警记录暂时无法读取，请稍后刷新重试"
        scrollX={860}
        empty={<Empty description="还没有触发过预警：设置的预警越过阈值时，会在这里留下记录" />}
      />
    </Card>
  );
}
