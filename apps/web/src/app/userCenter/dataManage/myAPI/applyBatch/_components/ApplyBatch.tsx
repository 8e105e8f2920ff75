'use client';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
// 批量查询: the interface's template (myOnline/showOnline with template=1), a filled sheet uploaded
// as a job (addBatchJob), then the jobs to run, follow and download. Every row is one real call of
// the purchase, so the card's calls left is read again when a running job finishes.
import { BATCH_FILE, BATCH_MAX_ROWS, BATCH_RESULT_COLUMNS, ONLINE_MSG, type OnlineInterface, onlineApi } from '@apimarket/contracts';
import { Alert, App, Button, Card, Upload } from 'antd';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { NotLoaded, OnlineHead, testHref, useOnlineInterface } from '@/app/userCenter/dataManage/myAPI/_components/OnlineHead';
import panel from '@/components/user-center/panel.module.css';
import { request } from '@/lib/api/client';
import styles from './apply-batch.module.css';
import { BatchJobsCard, useBatchJobs } from './BatchJobs';
import { BATCH_ACCEPT, batchFileProblem, templateFileName } from './batch-file';
import { saveFileAnswer } from './save-file';
import { showUploadRefusal } from './sheet-problems';

const EXTENSIONS = BATCH_FILE.extensions.map((e) => `.${e}`).join(' 或 ');
const MAX_MB = BATCH_FILE.maxBytes / 1024 / 1024;

export function ApplyBatch({ purchaseId }: { purchaseId: number }) {
  const { loaded, reload } = useOnlineInterface(onlineApi.batchInterface, purchaseId);
  const jobs = useBatchJobs(purchaseId, loaded.kind === 'ok');

  // A job that has just finished has taken its calls: show the purchase's new count.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !jobs.running) reload();
    wasRunning.current = jobs.running;
  }, [jobs.running, reload]);

  if (loaded.kind !== 'ok') return <NotLoaded loaded={loaded} onRetry={reload} />;
  const info = loaded.info;
  return (
    <div className={panel.page}>
      <OnlineHead info={info} here="batch" />
      <BatchSteps info={info} onUploaded={jobs.first} />
      {/* An image interface has nothing to list, unless it once took sheets before it took images. */}
      {info.batchable || jobs.list.total > 0 ? <BatchJobsCard info={info} jobs={jobs} /> : null}
    </div>
  );
}

function BatchSteps({ info, onUploaded }: { info: OnlineInterface; onUploaded: () => void }) {
  const api = App.useApp();
  const { message } = api;
  const [downloading, setDownloading] = useState(false);
  const [uploading, setUploading] = useState(false);

  if (!info.batchable) {
    return (
      <Card title="批量查询">
        {/* A video interface can be neither: it is only called from the customer's system. */}
        <Alert
          type="warning"
          showIcon
          title={info.testable ? ONLINE_MSG.imageNotBatchable : ONLINE_MSG.videoNotTestable}
          action={
            info.testable ? (
              <Link href={testHref(info.purchaseId)}>
                <Button size="small" type="primary">
                  去在线测试
                </Button>
              </Link>
            ) : null
          }
          data-testid="batch-not-batchable"
        />
      </Card>
    );
  }

  const template = async () => {
    setDownloading(true);
    // template=1: the same call answers the sheet to fill in as a file.
    await saveFileAnswer(
      message,
      () => request(onlineApi.batchInterface, { purchaseId: info.purchaseId, template: 1 }),
      templateFileName(info.interfaceName),
      '模板暂时无法下载，请稍后重试',
    );
    setDownloading(false);
  };

  const upload = async (file: File) => {
    const problem = batchFileProblem(file);
    if (problem) return message.error(problem);
    setUploading(true);
    try {
      await request(onlineApi.addBatchJob, { purchaseId: info.purchaseId }, { files: { file } });
      message.success(ONLINE_MSG.created);
      onUploaded();
    } catch (err) {
      // Row problems come as a list (up to 100, with their row numbers): all of them at once.
      showUploadRefusal(api, err);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card title="批量查询">
      <div className={panel.notice}>
        <Alert
          type="info"
          showIcon
          title="每一行都是一次真实调用"
          description={
            <ul className={styles.rules}>
              <li>
                每个文件最多 {BATCH_MAX_ROWS.toLocaleString('zh-CN')} 行数据，{EXTENSIONS} 格式，不超过 {MAX_MB}MB。
              </li>
              <li>上传时逐行检查（必填项、控制字符、被转成数字的长号码），有问题的行会全部列出，修改后再上传，不扣费。</li>
              <li>执行前须确认已取得被查询人的授权；执行后逐行调用接口，按接口计费规则扣减调用次数，可随时暂停、继续。</li>
              <li>失败且未扣费的行可重新查询，已成功或已扣费的行不会重复调用。</li>
              <li>页面上的参数脱敏显示；结果文件仅您本人可下载，含您上传的原始参数，任务按保留期限到期删除。</li>
            </ul>
          }
        />
      </div>
      <ol className={styles.steps}>
        <Step no={1} title="下载模板" text="模板的表头就是该接口的参数，每行填写一次查询要用的参数值。">
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void template()} data-testid="batch-template">
            下载模板
          </Button>
        </Step>
        <Step
          no={2}
          title="填写并上传"
          text={`保留表头，按列填写后上传 ${EXTENSIONS} 文件，不超过 ${MAX_MB}MB、${BATCH_MAX_ROWS.toLocaleString('zh-CN')} 行。`}
        >
          <Upload
            accept={BATCH_ACCEPT}
            showUploadList={false}
            maxCount={1}
            disabled={uploading}
            beforeUpload={(file) => {
              void upload(file);
              return false; // sent by upload() through the request client, not by Upload itself
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={uploading} data-testid="batch-upload">
              上传文件
            </Button>
          </Upload>
        </Step>
        <Step
          no={3}
          title="执行并下载结果"
          text={`在下方任务中核对行数后点击「执行」；完成后「下载结果」，每行原始参数后附${BATCH_RESULT_COLUMNS.join('、')}，也可生成查询回执。`}
        />
      </ol>
    </Card>
  );
}

function Step({ no, title, text, children }: { no: number; title: string; text: string; children?: React.ReactNode }) {
  return (
    <li className={styles.step}>
      <span className={styles.stepNo} aria-hidden>
        {no}
      </span>
      <div className={styles.stepBody}>
        <h3>{title}</h3>
        <p>{text}</p>
        {children}
      </div>
    </li>
  );
}
