'use client';
// 调用明细: the calls of the page's filter, newest first, with a result-code filter, a seqNo
// search (any period) and 导出 (xlsx of the same filter, myAccount/callRecord/callDetail/list
// with export=1). Parameters are shown as recorded: masked.
import {
  type CallDetailList,
  type CallDetailRow,
  CallDetailInput,
  codeLabel,
  firstMessage,
  formatMfen,
  GATEWAY_SUCCESS,
  PLATFORM_CODES,
  USAGE_RULES,
} from '@apimarket/contracts';
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, Select, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { request } from '../../../../../lib/api/client';
import { serverMessage } from '../../../../../lib/api/errors';
import { dateTime } from '../../../../../lib/format';
import styles from './usage.module.css';

export interface UsageFilter {
  startDate: string;
  endDate: string;
  interfaceId?: number;
  memberId?: string;
}

const CODE_OPTIONS = [
  { value: GATEWAY_SUCCESS, label: `${GATEWAY_SUCCESS} 成功` },
  ...Object.entries(PLATFORM_CODES).map(([code, text]) => ({ value: code, label: `${code} ${text}` })),
];

function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const codeColor = (code: string) => (code === GATEWAY_SUCCESS ? 'success' : code.startsWith('SYSTEM_') ? 'error' : 'warning');

export function CallDetailTable({ filter, showAccount }: { filter: UsageFilter; showAccount: boolean }) {
  const { message } = App.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState<number>(USAGE_RULES.defaultPageSize);
  const [code, setCode] = useState<string | undefined>();
  const [seqNo, setSeqNo] = useState('');
  const [page, setPage] = useState<{ rows: CallDetailRow[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [exporting, setExporting] = useState(false);

  const fields = useCallback(
    () => ({
      startDate: filter.startDate,
      endDate: filter.endDate,
      interfaceId: filter.interfaceId ?? '',
      memberId: filter.memberId ?? '',
      code: code ?? '',
      seqNo,
    }),
    [filter, code, seqNo],
  );

  // A new filter from the page starts again at its first page (adjusted while rendering, as
  // React recommends for state derived from a prop change).
  const [seenFilter, setSeenFilter] = useState(filter);
  if (seenFilter !== filter) {
    setSeenFilter(filter);
    setPageNum(1);
  }

  const load = useCallback(async () => {
    try {
      const res = await request<CallDetailList>('myAccount/callRecord/callDetail/list', { data: { ...fields(), pageNum, pageSize } });
      setPage({ rows: res.rows, total: res.total });
      setFailed(false);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
      setFailed(true);
      setPage((p) => p ?? { rows: [], total: 0 });
    }
  }, [fields, pageNum, pageSize, message]);

  useEffect(() => {
    void load();
  }, [load]);

  const search = (value: string) => {
    const text = value.trim();
    if (text) {
      const checked = CallDetailInput.safeParse({ seqNo: text });
      if (!checked.success) {
        message.error(firstMessage(checked.error));
        return;
      }
    }
    setPageNum(1);
    setSeqNo(text);
  };

  const exportCalls = async () => {
    setExporting(true);
    try {
      const file = await request<Blob>('myAccount/callRecord/callDetail/list', { data: { ...fields(), export: 1 } });
      download(file, `调用记录-${filter.startDate.replaceAll('-', '')}-${filter.endDate.replaceAll('-', '')}.xlsx`);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
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

  const total = page?.total ?? 0;
  const reachable = Math.min(total, USAGE_RULES.detailMaxRows);

  return (
    <>
      <Space className={styles.detailFilters} wrap>
        <Input.Search
          allowClear
          placeholder="按流水号查询（不限日期）"
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
          value={code}
          options={CODE_OPTIONS}
          onChange={(v?: string) => {
            setPageNum(1);
            setCode(v);
          }}
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
        dataSource={page?.rows ?? []}
        loading={!page}
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
          current: pageNum,
          pageSize,
          total: reachable,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          showTotal: () => (total > reachable ? `共 ${total.toLocaleString('zh-CN')} 条，可翻阅前 ${reachable} 条` : `共 ${total.toLocaleString('zh-CN')} 条`),
          onChange: (n, size) => {
            setPageNum(size !== pageSize ? 1 : n);
            setPageSize(size);
          },
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={failed ? '调用明细暂时无法加载，请稍后重试' : seqNo ? '没有找到该流水号的调用（只能查到本账号的调用）' : '没有符合条件的调用记录'}
            />
          ),
        }}
      />
    </>
  );
}
