'use client';
// The purchase's batch jobs (myOnline/getBatchJob, newest first) and what each allows: 执行 once,
// 查看明细, 下载结果 when done, 删除 unless it runs. While a job runs the list asks again every
// two seconds, so its progress moves without a reload; it stops when none runs or the page goes.
import { BATCH_JOB_STATUS_LABEL, type BatchJobStatus, type BatchJobView, ONLINE_MSG, type OnlineInterface } from '@apimarket/contracts';
import { App, Button, Card, Empty, Progress, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { request } from '../../../../../../lib/api/client';
import { serverMessage } from '../../../../../../lib/api/errors';
import { saveBlob } from '../../../../../../lib/download';
import { dateTime } from '../../../../../../lib/format';
import styles from './apply-batch.module.css';
import { resultFileName } from './batch-file';
import { JobDetail } from './JobDetail';

const PAGE_SIZE = 10;
const POLL_MS = 2_000;
const STATUS_COLOR: Record<BatchJobStatus, string> = { pending: 'default', running: 'processing', done: 'success', stopped: 'warning' };

type Page = { rows: BatchJobView[]; total: number };

/** The jobs list's state, held by the page so an upload can show its new job at once. */
export function useBatchJobs(purchaseId: number, enabled: boolean) {
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page | null>(null);
  const [failed, setFailed] = useState(false);
  // Only the newest request may write: a slow poll must not undo a page change or an action.
  const seq = useRef(0);

  const load = useCallback(
    async (quiet = false) => {
      if (!enabled) return;
      const mine = ++seq.current;
      try {
        const res = await request<Page>('myOnline/getBatchJob', { data: { purchaseId, pageNum, pageSize: PAGE_SIZE }, silent: quiet });
        if (mine !== seq.current) return;
        setPage({ rows: res.rows, total: res.total });
        setFailed(false);
      } catch {
        if (mine !== seq.current) return;
        // A failed poll keeps the rows shown; a fresh copy of them schedules the next try.
        if (quiet) setPage((p) => (p ? { ...p } : p));
        else setFailed(true);
      }
    },
    [purchaseId, pageNum, enabled],
  );

  useEffect(() => {
    void load();
  }, [load]);

  // One poll after each answer, never two at once.
  useEffect(() => {
    if (!page?.rows.some((r) => r.status === 'running')) return;
    const timer = window.setTimeout(() => void load(true), POLL_MS);
    return () => window.clearTimeout(timer);
  }, [page, load]);

  /** After an upload: the first page, where the new job is. */
  const first = useCallback(() => {
    if (pageNum === 1) void load();
    else setPageNum(1);
  }, [pageNum, load]);

  const running = page?.rows.some((r) => r.status === 'running') ?? false;
  return { pageNum, setPageNum, page, failed, running, reload: load, first };
}

export type BatchJobs = ReturnType<typeof useBatchJobs>;

export function BatchJobsCard({ info, jobs }: { info: OnlineInterface; jobs: BatchJobs }) {
  const { message, modal } = App.useApp();
  const [detailOf, setDetailOf] = useState<BatchJobView | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  // The drawer follows the polled row, so its progress and buttons stay current.
  const detail = detailOf ? (jobs.page?.rows.find((r) => r.id === detailOf.id) ?? detailOf) : null;

  const act = async (path: string, job: BatchJobView, done: string) => {
    try {
      await request<{ msg: string }>(path, { data: { jobId: job.id } });
      message.success(done);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    }
    await jobs.reload();
  };

  const execute = (job: BatchJobView) =>
    modal.confirm({
      title: `执行「${job.fileName}」？`,
      content: `将逐行调用「${job.interfaceName}」共 ${job.rows.toLocaleString('zh-CN')} 次。每行是一次真实调用，按接口计费规则扣减调用次数（当前剩余 ${info.callsLeft.toLocaleString('zh-CN')} 次）。`,
      okText: '执 行',
      cancelText: '取 消',
      onOk: () => act('myOnline/executeBatchJob', job, ONLINE_MSG.started),
    });

  const remove = (job: BatchJobView) =>
    modal.confirm({
      title: `删除「${job.fileName}」？`,
      content: job.status === 'done' ? '删除后明细和结果不再保留，请先下载需要的结果。已扣减的调用次数不会退回。' : '删除后如需查询，请重新上传文件。',
      okText: '删 除',
      cancelText: '取 消',
      okButtonProps: { danger: true },
      onOk: async () => {
        if (detailOf?.id === job.id) setDetailOf(null);
        await act('myOnline/deleteBatchJob', job, ONLINE_MSG.deleted);
      },
    });

  const download = async (job: BatchJobView) => {
    setDownloading(job.id);
    try {
      const file = await request<unknown>('myOnline/getBatchJobDetail', { data: { jobId: job.id, export: 1 } });
      if (file instanceof Blob) saveBlob(file, resultFileName(job.fileName));
      else message.error('结果文件暂时无法下载，请稍后重试');
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    } finally {
      setDownloading(null);
    }
  };

  const columns: TableColumnsType<BatchJobView> = [
    { title: '文件名', key: 'file', render: (_, r) => <span className={styles.fileName}>{r.fileName}</span> },
    { title: '行数', key: 'rows', width: 80, render: (_, r) => r.rows.toLocaleString('zh-CN') },
    {
      title: '进度',
      key: 'progress',
      width: 180,
      render: (_, r) => (
        <div className={styles.progress}>
          <Progress
            percent={r.status === 'done' ? 100 : r.rows > 0 ? Math.floor((r.done * 100) / r.rows) : 0}
            status={r.status === 'running' ? 'active' : r.status === 'done' ? 'success' : r.status === 'stopped' ? 'exception' : 'normal'}
            showInfo={false}
            size="small"
            aria-label={`已完成 ${r.done} / ${r.rows} 行`}
          />
          <span className={styles.count}>
            {r.done.toLocaleString('zh-CN')}/{r.rows.toLocaleString('zh-CN')}
          </span>
        </div>
      ),
    },
    { title: '成功', key: 'succeeded', width: 80, render: (_, r) => r.succeeded.toLocaleString('zh-CN') },
    { title: '扣减次数', key: 'charged', width: 90, render: (_, r) => r.charged.toLocaleString('zh-CN') },
    {
      title: '状态',
      key: 'status',
      width: 90,
      render: (_, r) => {
        const tag = (
          <Tag color={STATUS_COLOR[r.status]} data-testid="batch-job-status">
            {r.statusLabel || BATCH_JOB_STATUS_LABEL[r.status]}
          </Tag>
        );
        // A stopped job says why (the answer that ended it) where the status is read.
        return r.note ? <Tooltip title={r.note}>{tag}</Tooltip> : tag;
      },
    },
    { title: '创建时间', key: 'createdAt', width: 170, render: (_, r) => dateTime(r.createdAt) },
    {
      title: '操作',
      key: 'actions',
      width: 250,
      render: (_, r) => (
        <Space size={0} wrap>
          {r.status === 'pending' ? (
            <Tooltip title={info.usable ? null : ONLINE_MSG.unusable}>
              <Button type="link" size="small" onClick={() => execute(r)} disabled={!info.usable}>
                执行
              </Button>
            </Tooltip>
          ) : null}
          <Button type="link" size="small" onClick={() => setDetailOf(r)}>
            查看明细
          </Button>
          {r.status === 'done' || r.status === 'stopped' ? (
            <Button type="link" size="small" loading={downloading === r.id} onClick={() => void download(r)}>
              下载结果
            </Button>
          ) : null}
          {r.status === 'running' ? null : (
            <Button type="link" size="small" danger onClick={() => remove(r)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const rows = jobs.page?.rows ?? [];
  return (
    <Card title="批量任务" extra={jobs.running ? <span className={styles.live}>执行中，进度自动刷新</span> : null}>
      {jobs.failed && !jobs.page ? (
        <Empty description="批量任务暂时无法加载，请稍后刷新重试" />
      ) : (
        <Table<BatchJobView>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={!jobs.page}
          scroll={rows.length ? { x: 1040 } : undefined}
          pagination={{
            current: jobs.pageNum,
            pageSize: PAGE_SIZE,
            total: jobs.page?.total ?? 0,
            onChange: jobs.setPageNum,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={info.batchable ? '还没有批量任务：下载模板，每行填写一次查询的参数，上传后核对行数再执行。' : '还没有批量任务'}
                data-testid="batch-empty"
              />
            ),
          }}
        />
      )}
      <JobDetail job={detail} onClose={() => setDetailOf(null)} onDownload={(j) => void download(j)} downloading={downloading !== null && downloading === detail?.id} />
    </Card>
  );
}
