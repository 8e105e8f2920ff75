'use client';
// The purchase's batch jobs (myOnline/getBatchJob, newest first) and what each allows: 修改 and
// 执行 (with the consent attestation) while pending, 暂停 / 继续, 重新查询失败行 once finished,
// 查看明细, 下载结果 (the customer's own inputs beside the answers), the receipts, 删除 unless it
// runs. The page of the list is in the address (?page=). While a job runs the list asks again
// every two seconds, so its progress and time left move without a reload; it stops when none
// runs or the page goes.
import {
  BATCH_JOB_STATUS_LABEL,
  type BatchJobStatus,
  type BatchJobView,
  ONLINE_MSG,
  type OnlineInterface,
  onlineApi,
  RECEIPT_TYPE,
} from '@apimarket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Grid, Progress, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ReceiptActions } from '@/components/receipts/ReceiptActions';
import { request } from '@/lib/api/client';
import { callKey, useCallMutation, usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import styles from './apply-batch.module.css';
import { resultFileName } from './batch-file';
import { percentDone, progressNote } from './batch-progress';
import { EditJobDialog, ExecuteDialog } from './JobDialogs';
import { JobDetail } from './JobDetail';
import { saveFileAnswer } from './save-file';

const PAGE_SIZE = 10;
const POLL_MS = 2_000;
const STATUS_COLOR: Record<BatchJobStatus, string> = { pending: 'default', running: 'processing', paused: 'gold', done: 'success', stopped: 'warning' };

/** The jobs list, held by the page so an upload can show its new job at once. */
export function useBatchJobs(purchaseId: number, enabled: boolean) {
  const client = useQueryClient();
  const list = usePagedList(onlineApi.batchJobs, { inUrl: true, fixed: { purchaseId }, pageSize: PAGE_SIZE, enabled, quiet: true });
  const running = list.rows.some((r) => r.status === 'running');
  const { page, fetching } = list;

  // Only the newest answer may write: a poll that started before a reload (a page change, an
  // action) is dropped when it lands after it.
  const reloads = useRef(0);
  useEffect(() => {
    if (fetching) reloads.current += 1;
  }, [fetching]);

  // One poll two seconds after each answer, never two at once. Polls are silent: one that fails
  // keeps the rows shown and the next one tries again.
  const [polls, setPolls] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: polls is the trigger of the next poll
  useEffect(() => {
    if (!running || fetching) return;
    const timer = window.setTimeout(async () => {
      const before = reloads.current;
      // The same input as the list's, so the answer lands in the list's own cache entry.
      const input = { purchaseId, pageNum: page, pageSize: PAGE_SIZE };
      try {
        const reply = await request(onlineApi.batchJobs, input, { silent: true });
        if (before === reloads.current) client.setQueryData(callKey(onlineApi.batchJobs, input), reply);
      } catch {
        // the rows shown stay; the next poll tries again
      }
      setPolls((n) => n + 1);
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [running, fetching, purchaseId, page, client, polls]);

  /** After an upload: the first page, where the new job is. */
  const first = () => {
    void client.invalidateQueries({ queryKey: callKey(onlineApi.batchJobs) });
    list.setPage(1);
  };

  return { list, running, first };
}

export type BatchJobs = ReturnType<typeof useBatchJobs>;

export function BatchJobsCard({ info, jobs }: { info: OnlineInterface; jobs: BatchJobs }) {
  const { message, modal } = App.useApp();
  const [detailOf, setDetailOf] = useState<BatchJobView | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  // The drawer follows the polled row, so its progress and buttons stay current.
  const detail = detailOf ? (jobs.list.rows.find((r) => r.id === detailOf.id) ?? detailOf) : null;

  const [executing, setExecuting] = useState<BatchJobView | null>(null);
  // Below antd's sm (576 px) the jobs are stacked cells, not a table to scroll sideways.
  const screens = Grid.useBreakpoint();
  const narrow = screens.sm === false;
  const [editing, setEditing] = useState<BatchJobView | null>(null);

  const { list } = jobs;
  const stale = { invalidates: [onlineApi.batchJobs] };
  const execution = useCallMutation(onlineApi.executeBatchJob, stale);
  const removal = useCallMutation(onlineApi.deleteBatchJob, stale);
  const pausing = useCallMutation(onlineApi.pauseBatchJob, stale);
  const resuming = useCallMutation(onlineApi.resumeBatchJob, stale);
  const rerunning = useCallMutation(onlineApi.newExecuteBatchJob, stale);

  // A refused action: the toast says why, and the list is read again (the job may have moved on).
  // The server's own message says what happened (「已开始重新查询 12 行」).
  const act = (mutation: typeof removal | typeof pausing | typeof resuming | typeof rerunning, job: BatchJobView, done: string) =>
    mutation.mutateAsync({ jobId: job.id }).then(
      (reply) => void message.success(reply.msg || done),
      () => void list.refetch(),
    );

  const execute = (job: BatchJobView) =>
    execution.mutateAsync({ jobId: job.id, consent: true }).then(
      () => void message.success(ONLINE_MSG.started),
      () => void list.refetch(),
    );

  const rerun = (job: BatchJobView) =>
    modal.confirm({
      title: `重新查询「${job.fileName}」的失败行？`,
      content: `将重新调用未成功且未扣费的 ${job.retryable.toLocaleString('zh-CN')} 行（当前剩余 ${info.callsLeft.toLocaleString('zh-CN')} 次）。已查询成功或已扣费的行不会再次调用。`,
      okText: '重新查询',
      cancelText: '取 消',
      onOk: () => act(rerunning, job, ONLINE_MSG.rerun(job.retryable)),
    });

  const remove = (job: BatchJobView) =>
    modal.confirm({
      title: `删除「${job.fileName}」？`,
      content: job.done > 0 ? '删除后明细、结果和上传的原始参数不再保留，请先下载需要的结果。已扣减的调用次数不会退回。' : '删除后如需查询，请重新上传文件。',
      okText: '删 除',
      cancelText: '取 消',
      okButtonProps: { danger: true },
      onOk: async () => {
        if (detailOf?.id === job.id) setDetailOf(null);
        await act(removal, job, ONLINE_MSG.deleted);
      },
    });

  const download = async (job: BatchJobView) => {
    setDownloading(job.id);
    // export=1: the same call answers the whole result sheet as a file (the page fields are
    // part of its input, and ignored by an export).
    await saveFileAnswer(
      message,
      () => request(onlineApi.batchJobDetail, { jobId: job.id, export: 1, pageNum: 1, pageSize: PAGE_SIZE }),
      resultFileName(job.fileName),
      '结果文件暂时无法下载，请稍后重试',
    );
    setDownloading(null);
  };

  const progressCell = (r: BatchJobView) => (
    <div className={styles.progressCell}>
      <div className={styles.progress}>
        <Progress
          percent={percentDone(r)}
          status={r.status === 'running' ? 'active' : r.status === 'done' ? 'success' : r.status === 'stopped' ? 'exception' : 'normal'}
          showInfo={false}
          size="small"
          aria-label={`已完成 ${r.done} / ${r.rows} 行`}
        />
        <span className={styles.count}>
          {r.done.toLocaleString('zh-CN')}/{r.rows.toLocaleString('zh-CN')}
        </span>
      </div>
      {progressNote(r) ? (
        <span className={styles.progressNote} data-testid="batch-progress-note">
          {progressNote(r)}
        </span>
      ) : null}
    </div>
  );

  const statusTag = (r: BatchJobView) => {
    const tag = (
      <Tag color={STATUS_COLOR[r.status]} data-testid="batch-job-status">
        {r.statusLabel || BATCH_JOB_STATUS_LABEL[r.status]}
      </Tag>
    );
    // A stopped job says why (the answer that ended it) where the status is read.
    return r.note ? <Tooltip title={r.note}>{tag}</Tooltip> : tag;
  };

  const actions = (r: BatchJobView) => (
    <Space size={0} wrap>
      {r.status === 'pending' ? (
        <>
          <Tooltip title={info.usable ? null : ONLINE_MSG.unusable}>
            <Button type="link" size="small" onClick={() => setExecuting(r)} disabled={!info.usable} data-testid="batch-execute">
              执行
            </Button>
          </Tooltip>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            修改
          </Button>
        </>
      ) : null}
      {r.status === 'running' ? (
        <Button type="link" size="small" loading={pausing.isPending} onClick={() => void act(pausing, r, ONLINE_MSG.paused)} data-testid="batch-pause">
          暂停
        </Button>
      ) : null}
      {r.status === 'paused' ? (
        <Button type="link" size="small" loading={resuming.isPending} onClick={() => void act(resuming, r, ONLINE_MSG.resumed)} data-testid="batch-resume">
          继续
        </Button>
      ) : null}
      {(r.status === 'done' || r.status === 'stopped') && r.retryable > 0 ? (
        <Tooltip title={info.usable ? null : ONLINE_MSG.unusable}>
          <Button type="link" size="small" onClick={() => rerun(r)} disabled={!info.usable} data-testid="batch-rerun">
            重新查询失败行（{r.retryable.toLocaleString('zh-CN')}）
          </Button>
        </Tooltip>
      ) : null}
      <Button type="link" size="small" onClick={() => setDetailOf(r)}>
        查看明细
      </Button>
      {r.status === 'done' || r.status === 'stopped' || r.status === 'paused' ? (
        <Button type="link" size="small" loading={downloading === r.id} onClick={() => void download(r)}>
          下载结果
        </Button>
      ) : null}
      {r.done > 0 && r.status !== 'running' ? <ReceiptActions type={RECEIPT_TYPE.job} id={r.id} jobName={r.fileName} totalCount={r.done} /> : null}
      {r.status === 'running' ? null : (
        <Button type="link" size="small" danger onClick={() => remove(r)}>
          删除
        </Button>
      )}
    </Space>
  );

  const columns: TableColumnsType<BatchJobView> = narrow
    ? [
        // A phone: one column per job — name and status, progress, figures, actions — rather than a table to scroll sideways.
        {
          title: '任务',
          key: 'job',
          render: (_, r) => (
            <div className={styles.compact}>
              <div className={styles.compactHead}>
                <span className={styles.fileName}>{r.fileName}</span>
                {statusTag(r)}
              </div>
              {progressCell(r)}
              <span className={styles.progressNote}>
                成功 {r.succeeded.toLocaleString('zh-CN')} · 扣减 {r.charged.toLocaleString('zh-CN')} 次 · {dateTime(r.createdAt)}
              </span>
              {actions(r)}
            </div>
          ),
        },
      ]
    : [
        { title: '文件名', key: 'file', render: (_, r) => <span className={styles.fileName}>{r.fileName}</span> },
        { title: '行数', key: 'rows', width: 80, render: (_, r) => r.rows.toLocaleString('zh-CN') },
        { title: '进度', key: 'progress', width: 220, render: (_, r) => progressCell(r) },
        { title: '成功', key: 'succeeded', width: 80, render: (_, r) => r.succeeded.toLocaleString('zh-CN') },
        { title: '扣减次数', key: 'charged', width: 90, render: (_, r) => r.charged.toLocaleString('zh-CN') },
        { title: '状态', key: 'status', width: 90, render: (_, r) => statusTag(r) },
        { title: '创建时间', key: 'createdAt', width: 170, render: (_, r) => dateTime(r.createdAt) },
        { title: '操作', key: 'actions', width: 320, render: (_, r) => actions(r) },
      ];

  const rows = list.rows;
  return (
    <Card title="批量任务" extra={jobs.running ? <span className={styles.live}>执行中，进度自动刷新</span> : null}>
      {list.failed ? (
        <Empty description="批量任务暂时无法加载，请稍后刷新重试" />
      ) : (
        <Table<BatchJobView>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.loading}
          scroll={rows.length && !narrow ? { x: 1220 } : undefined}
          pagination={list.pagination}
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
      <JobDetail
        job={detail}
        info={info}
        onClose={() => setDetailOf(null)}
        onDownload={(j) => void download(j)}
        onChanged={() => void list.refetch()}
        downloading={downloading !== null && downloading === detail?.id}
      />
      <ExecuteDialog job={executing} callsLeft={info.callsLeft} onClose={() => setExecuting(null)} onExecute={execute} />
      <EditJobDialog job={editing} onClose={() => setEditing(null)} onSaved={() => void list.refetch()} />
    </Card>
  );
}
