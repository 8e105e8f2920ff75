'use client';
// One batch job's rows in a drawer (myOnline/getBatchJobDetail, a page at a time): the parameters
// as the server masked them, then each row's answer once it has run. A running job's rows are read
// again whenever the polled list reports more of them done.
import { type BatchJobView, type BatchRowView, isBatchSuccess } from '@apimarket/contracts';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { request } from '../../../../../../lib/api/client';
import styles from './apply-batch.module.css';

const PAGE_SIZE = 10;

export function JobDetail({
  job,
  onClose,
  onDownload,
  downloading,
}: {
  job: BatchJobView | null;
  onClose: () => void;
  onDownload: (job: BatchJobView) => void;
  downloading: boolean;
}) {
  return (
    <Drawer
      open={job !== null}
      onClose={onClose}
      size="min(960px, 100vw)"
      title={job ? `明细 · ${job.fileName}` : '明细'}
      destroyOnHidden
      extra={
        job?.status === 'done' || job?.status === 'stopped' ? (
          <Button type="primary" size="small" icon={<DownloadOutlined />} loading={downloading} onClick={() => onDownload(job)}>
            下载结果
          </Button>
        ) : null
      }
    >
      {/* Keyed by the job: another job starts on its own first page. */}
      {job ? <JobRows key={job.id} job={job} /> : null}
    </Drawer>
  );
}

function JobRows({ job }: { job: BatchJobView }) {
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<{ rows: BatchRowView[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  // Only the newest request may write: a reload for page 1 landing after a move to page 2 is dropped.
  const seq = useRef(0);

  const load = useCallback(async () => {
    const mine = ++seq.current;
    try {
      const res = await request<{ rows: BatchRowView[]; total: number }>('myOnline/getBatchJobDetail', { data: { jobId: job.id, pageNum, pageSize: PAGE_SIZE } });
      if (mine !== seq.current) return;
      setPage({ rows: res.rows, total: res.total });
      setFailed(false);
    } catch {
      if (mine === seq.current) setFailed(true);
    }
  }, [job.id, pageNum]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: job.done is the signal to read again: more rows have their answers
  useEffect(() => {
    void load();
  }, [load, job.done]);

  const rows = page?.rows ?? [];
  // The sheet's own columns, in the order the server gives them.
  const names = [...new Set(rows.flatMap((r) => Object.keys(r.params)))];
  const columns: TableColumnsType<BatchRowView> = [
    { title: '行号', key: 'rowNo', width: 70, render: (_, r) => r.rowNo },
    ...names.map((name) => ({
      title: <code className={styles.paramName}>{name}</code>,
      key: `p:${name}`,
      render: (_: unknown, r: BatchRowView) => <span className={styles.mono}>{r.params[name] ?? ''}</span>,
    })),
    {
      title: '返回码',
      key: 'code',
      width: 110,
      render: (_, r) => (r.code === null ? <Tag>未执行</Tag> : <Tag color={isBatchSuccess(r.code) ? 'success' : 'error'}>{r.code}</Tag>),
    },
    { title: '返回信息', key: 'message', render: (_, r) => r.message ?? '—' },
    {
      title: '流水号',
      key: 'seqNo',
      width: 200,
      render: (_, r) =>
        r.seqNo ? (
          <Typography.Text copyable={{ tooltips: ['复制流水号', '已复制'] }} className={styles.mono}>
            {r.seqNo}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
  ];

  if (failed && !page) return <Empty description="明细暂时无法加载，请稍后重试" />;
  return (
    <>
      <p className={styles.muted}>
        共 {job.rows.toLocaleString('zh-CN')} 行，已完成 {job.done.toLocaleString('zh-CN')} 行，成功 {job.succeeded.toLocaleString('zh-CN')} 行，扣减{' '}
        {job.charged.toLocaleString('zh-CN')} 次。参数按平台规则脱敏显示；展开一行可查看返回数据。
      </p>
      <Table<BatchRowView>
        rowKey="rowNo"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={!page}
        scroll={{ x: 'max-content' }}
        expandable={{
          rowExpandable: (r) => r.code !== null,
          expandedRowRender: (r) => <pre className={styles.json}>{JSON.stringify(r.data ?? null, null, 2)}</pre>,
        }}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNum, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该任务没有数据行" /> }}
      />
    </>
  );
}
