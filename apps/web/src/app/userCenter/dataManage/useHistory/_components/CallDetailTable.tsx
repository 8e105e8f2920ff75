'use client';
import { DownloadOutlined } from '@ant-design/icons';
// 调用明细: the calls of the page's filter, newest first, with a result-code filter, a seqNo
// search (any period) and 导出 (xlsx of the same filter, myAccount/callRecord/callDetail/list
// with export=1). Parameters are shown as recorded: masked. The page's filter, the code, the
// seqNo and the page are read from the address, where the page and this table keep them.
import {
  CallDetailInput,
  type CallDetailRow,
  codeLabel,
  firstMessage,
  formatMfen,
  GATEWAY_SUCCESS,
  PLATFORM_CODES,
  USAGE_RULES,
  usageApi,
  usagePeriod,
} from '@apimarket/contracts';
import { App, Button, Empty, Input, Select, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import panel from '@/components/user-center/panel.module.css';
import { request } from '@/lib/api/client';
import { toastFailure, usePagedList } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import { dateTime } from '@/lib/format';
import styles from './usage.module.css';
import { USAGE_FILTERS } from './usage-filter';

const CODE_OPTIONS = [
  { value: GATEWAY_SUCCESS, label: `${GATEWAY_SUCCESS} 成功` },
  ...Object.entries(PLATFORM_CODES).map(([code, text]) => ({ value: code, label: `${code} ${text}` })),
];

const codeColor = (code: string) => (code === GATEWAY_SUCCESS ? 'success' : code.startsWith('SYSTEM_') ? 'error' : 'warning');

export function CallDetailTable({ showAccount }: { showAccount: boolean }) {
  const { message } = App.useApp();
  const [pageSize, setPageSize] = useState<number>(USAGE_RULES.defaultPageSize);
  const list = usePagedList(usageApi.callDetail, { inUrl: true, pageSize, filters: { ...USAGE_FILTERS, code: '', seqNo: '' } });
  const { filters } = list;
  const [exporting, setExporting] = useState(false);

  const search = (value: string) => {
    const text = value.trim();
    if (text) {
      const checked = CallDetailInput.safeParse({ seqNo: text });
      if (!checked.success) {
        message.error(firstMessage(checked.error));
        return;
      }
    }
    list.setFilters({ seqNo: text });
  };

  const exportCalls = async () => {
    setExporting(true);
    try {
      // The whole filter, not a page: the paging fields are there for the schema and ignored.
      const file = await request(usageApi.callDetail, { ...filters, export: '1', pageNum: 1, pageSize });
      // Named by the period the server exports: the one asked, or its default.
      const period = usagePeriod({ startDate: filters.startDate || undefined, endDate: filters.endDate || undefined });
      if (file instanceof Blob) saveBlob(file, `调用记录-${period.startDate.replaceAll('-', '')}-${period.endDate.replaceAll('-', '')}.xlsx`);
    } catch (err) {
      toastFailure(err);
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<CallDetailRow> = [
    { title: '调用时间', key: 'at', width: 170, render: (_, r) => dateTime(r.createdAt) },
    { title: '流水号', key: 'seqNo', width: 200, render: (_, r) => <span className={styles.seqNo}>{r.seqNo}</span> },
    ...(showAccount ? [{ title: '账号', key: 'account', render: (_: unknown, r: CallDetailRow) => r.loginName }] : []),
    { title: '接口', key: 'interface', render: (_, r) => r.interfaceName },
    {
      title: '结果',
      key: 'code',
      render: (_, r) => (
        <Tooltip title={codeLabel(r.code)}>
          <Tag color={codeColor(r.code)}>{r.code}</Tag>
        </Tooltip>
      ),
    },
    { title: '计费', key: 'charged', width: 70, render: (_, r) => (r.charged ? '是' : '否') },
    { title: '费用（元）', key: 'cost', align: 'right', width: 100, render: (_, r) => formatMfen(r.costMfen) },
    { title: '耗时', key: 'latency', align: 'right', width: 90, render: (_, r) => `${r.latencyMs} ms` },
    { title: '调用 IP', key: 'ip', width: 140, render: (_, r) => r.ip },
  ];

  const total = list.total;
  const reachable = Math.min(total, USAGE_RULES.detailMaxRows);

  return (
    <>
      <Space className={panel.filters} wrap>
        <Input.Search
          allowClear
          placeholder="按流水号查询（不限日期）"
          defaultValue={filters.seqNo}
          enterButton="查 询"
          maxLength={20}
          style={{ width: 320 }}
          onSearch={search}
          aria-label="流水号"
        />
        <Select
          allowClear
          placeholder="全部结果"
          style={{ width: 260 }}
          value={filters.code || undefined}
          options={CODE_OPTIONS}
          onChange={(v?: string) => list.setFilters({ code: v ?? '' })}
          aria-label="结果代码"
        />
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCalls()} disabled={total === 0}>
          导 出
        </Button>
      </Space>
      <Table<CallDetailRow>
        rowKey="seqNo"
        size="middle"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        scroll={{ x: 1060 }}
        expandable={{
          expandedRowRender: (r) => (
            <pre className={styles.params}>
              {Object.entries(r.params)
                .map(([k, v]) => `${k}: ${v}`)
                .join('\n') || '（无参数）'}
            </pre>
          ),
        }}
        pagination={{
          current: list.page,
          pageSize,
          total: reachable,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          showTotal: () => (total > reachable ? `共 ${total.toLocaleString('zh-CN')} 条，可翻阅前 ${reachable} 条` : `共 ${total.toLocaleString('zh-CN')} 条`),
          onChange: (n, size) => {
            list.setPage(size !== pageSize ? 1 : n);
            setPageSize(size);
          },
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                list.failed ? '调用明细暂时无法加载，请稍后重试' : filters.seqNo ? '没有找到该流水号的调用（只能查到本账号的调用）' : '没有符合条件的调用记录'
              }
            />
          ),
        }}
      />
    </>
  );
}
