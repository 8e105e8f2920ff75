'use client';
// 调用明细 of one assignment: the calls made with that sub-account's key, newest first, a page at
// a time (productManagement/productDetailList). Narrow enough for a phone: three columns, the
// serial number under the time.
import { type AssignmentCallRow, type AssignmentRow, GATEWAY_SUCCESS, PLATFORM_CODES, productsApi } from '@apimarket/contracts';
import { Drawer, Empty, Grid, type TableColumnsType, Tag, Tooltip } from 'antd';
import type { z } from 'zod';
import { ListTable } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import styles from './products.module.css';
import { count, subLabel } from './shared';

type CallRow = z.infer<typeof AssignmentCallRow>;

const codeText = (code: string): string => (code === GATEWAY_SUCCESS ? '成功' : ((PLATFORM_CODES as Record<string, string>)[code] ?? '数据源返回'));

export function CallsDrawer({ row, onClose }: { row: AssignmentRow | null; onClose: () => void }) {
  const screens = Grid.useBreakpoint();
  const list = usePagedList(productsApi.detail, { fixed: { id: row?.id ?? 0 }, enabled: row !== null, quiet: true });

  const columns: TableColumnsType<CallRow> = [
    {
      title: '调用时间',
      key: 'at',
      render: (_, r) => (
        <>
          <div>{dateTime(r.createdAt)}</div>
          <div className={`${panel.sub} ${styles.mono}`}>{r.seqNo}</div>
        </>
      ),
    },
    {
      title: '返回码',
      key: 'code',
      render: (_, r) => (
        <Tooltip title={codeText(r.code)}>
          <Tag color={r.code === GATEWAY_SUCCESS ? 'success' : r.code.startsWith('SYSTEM_') ? 'error' : 'warning'}>{r.code}</Tag>
        </Tooltip>
      ),
    },
    {
      title: '计费',
      key: 'charged',
      render: (_, r) => (
        <>
          <div>{r.charged ? '计费' : '不计费'}</div>
          <div className={panel.sub}>{r.latencyMs} ms</div>
        </>
      ),
    },
  ];

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size={screens.sm === false ? '100%' : 640}
      title={row ? `调用明细 · ${row.interfaceName}` : '调用明细'}
      destroyOnHidden
    >
      {row ? (
        <p className={panel.hint} data-testid="calls-drawer-summary">
          {subLabel(row)} · 密钥 <span className={styles.mono}>{row.keyMasked}</span> · 已用 {count(row.callsUsed)} 次，最近在 {dateTime(row.lastCallAt)}
        </p>
      ) : null}
      <ListTable<CallRow>
        rowKey="seqNo"
        columns={columns}
        list={list}
        scrollX={300}
        failedText="调用明细暂时无法加载，请稍后重试"
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="这把密钥还没有调用过；子账号用它调用后，每一次都会列在这里" />}
        size="small"
        data-testid="calls-drawer-table"
      />
    </Drawer>
  );
}
