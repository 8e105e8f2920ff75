'use client';
import { DownloadOutlined } from '@ant-design/icons';
// One batch job's rows in a drawer (myOnline/getBatchJobDetail, a page at a time): the parameters
// as the server masked them, then each row's answer once it has run. A pending job's row can be
// typed again (修改); a failed row — answered neither 10000 nor charged — can be called again on
// its own (重新查询). A running job's rows are read again whenever the polled list reports more
// of them done.
import { type BatchJobView, type BatchRowView, isBatchSuccess, type OnlineInterface, onlineApi } from '@apimarket/contracts';
import { App, Button, Drawer, Empty, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import panel from '@/components/user-center/panel.module.css';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import styles from './apply-batch.module.css';
import { EditRowDialog } from './JobDialogs';

export function JobDetail({
  job,
  info,
  onClose,
  onDownload,
  onChanged,
  downloading,
}: {
  job: BatchJobView | null;
  info: OnlineInterface;
  onClose: () => void;
  onDownload: (job: BatchJobView) => void;
  /** A row changed the job (its counts): the list is read again. */
  onChanged: () => void;
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
        job?.status === 'done' || job?.status === 'stopped' || job?.status === 'paused' ? (
          <Button type="primary" size="small" icon={<DownloadOutlined />} loading={downloading} onClick={() => onDownload(job)}>
            下载结果
          </Button>
        ) : null
      }
    >
      {/* Keyed by the job: another job starts on its own first page. */}
      {job ? <JobRows key={job.id} job={job} info={info} onChanged={onChanged} /> : null}
    </Drawer>
  );
}

function JobRows({ job, info, onChanged }: { job: BatchJobView; info: OnlineInterface; onChanged: () => void }) {
  const { message } = App.useApp();
  // The drawer's own page (not in the address: the jobs list behind it keeps ?page=).
  const list = usePagedList(onlineApi.batchJobDetail, { fixed: { jobId: job.id }, quiet: true });
  const { refetch } = list;
  const [editing, setEditing] = useState<BatchRowView | null>(null);
  const [calling, setCalling] = useState<number | null>(null);
  const canRetry = job.status === 'done' || job.status === 'stopped' || job.status === 'paused';

  // One failed row called again now: the answer comes back with the row.
  const retry = async (row: BatchRowView) => {
    setCalling(row.rowNo);
    try {
      const reply = await request(onlineApi.execBatchJobDetail, { jobId: job.id, rowNo: row.rowNo });
      const r = reply.data;
      if (isBatchSuccess(r.code)) message.success(`第 ${r.rowNo} 行查询成功`);
      else message.warning(`第 ${r.rowNo} 行返回 ${r.code ?? ''}：${r.message ?? ''}`);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    } finally {
      setCalling(null);
      void refetch();
      onChanged();
    }
  };

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
    ...(job.status === 'pending' || canRetry
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 90,
            render: (_: unknown, r: BatchRowView) =>
              job.status === 'pending' ? (
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  修改
                </Button>
              ) : r.retryable ? (
                <Button type="link" size="small" loading={calling === r.rowNo} disabled={calling !== null} onClick={() => void retry(r)}>
                  重新查询
                </Button>
              ) : null,
          },
        ]
      : []),
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
        {job.charged.toLocaleString('zh-CN')} 次。此处参数脱敏显示，下载的结果文件含您上传的原始参数；展开一行可查看返回数据。
        {job.failed > 0 ? ` 未成功且未扣费的 ${job.failed.toLocaleString('zh-CN')} 行可重新查询，不会重复扣费。` : ''}
      </p>
      {job.consentAt ? (
        <p className={styles.consent} data-testid="batch-consent-record">
          授权确认：{job.consentBy ?? '—'} 于 {dateTime(job.consentAt)} 确认已取得被查询人授权
        </p>
      ) : null}
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
      <EditRowDialog
        jobId={job.id}
        row={editing}
        params={info.params}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void refetch();
          onChanged();
        }}
      />
    </>
  );
}
