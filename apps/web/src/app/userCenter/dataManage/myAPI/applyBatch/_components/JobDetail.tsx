'use client';
import { DownloadOutlined } from '@ant-design/icons';
// One batch job's rows in a drawer (myOnline/getBatchJobDetail, a page at a time): the parameters
// as the server masked them, then each row's answer once it has run. A running job's rows are read
// again whenever the polled list reports more of them done.
import { type BatchJobView, type BatchRowView, isBatchSuccess, onlineApi } from '@apimarket/contracts';
import { Button, Drawer, Empty, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import panel from '@/components/user-center/panel.module.css';
import { usePagedList } from '@/lib/api/query';
import styles from './apply-batch.module.css';

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
  // The drawer's own page (not in the address: the jobs list behind it keeps ?page=).
  const list = usePagedList(onlineApi.batchJobDetail, { fixed: { jobId: job.id }, quiet: true });
  const { refetch } = list;

  // More rows done (the polled jobs list says so): their answers are read.
  const done = useRef(job.done);
  useEffect(() => {
    if (done.current === job.done) return;
    done.current = job.done;
    void refetch();
  }, [job.done, refetch]);

  const rows = list.rows;
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

  if (list.failed) return <Empty description="明细暂时无法加载，请稍后重试" />;
  return (
    <>
      <p className={panel.note}>
        共 {job.rows.toLocaleString('zh-CN')} 行，已完成 {job.done.toLocaleString('zh-CN')} 行，成功 {job.succeeded.toLocaleString('zh-CN')} 行，扣减{' '}
        {job.charged.toLocaleString('zh-CN')} 次。参数按平台规则脱敏显示；展开一行可查看返回数据。
      </p>
      <Table<BatchRowView>
        rowKey="rowNo"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={list.loading}
        scroll={{ x: 'max-content' }}
        expandable={{
          rowExpandable: (r) => r.code !== null,
          expandedRowRender: (r) => <pre className={styles.json}>{JSON.stringify(r.data ?? null, null, 2)}</pre>,
        }}
        pagination={list.pagination}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该任务没有数据行" /> }}
      />
    </>
  );
}
