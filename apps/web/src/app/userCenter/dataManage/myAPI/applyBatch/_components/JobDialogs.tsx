'use client';
import { UploadOutlined } from '@ant-design/icons';
// The batch page's dialogs: the consent attestation a job is executed with (PIPL art. 13, 29),
// a pending job renamed or its sheet replaced (updateBatchJob), and one row's values typed again
// (updateBatchJobDetail). Every change goes through the same checks as an upload on the server.
import { BATCH_CONSENT_TEXT, type BatchJobView, type BatchRowView, ONLINE_MSG, type OnlineParam, onlineApi } from '@apimarket/contracts';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Upload } from 'antd';
import { useState } from 'react';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import styles from './apply-batch.module.css';
import { BATCH_ACCEPT, batchFileProblem } from './batch-file';
import { showUploadRefusal } from './sheet-problems';

/** 执行: what the job will do, and the attestation without which it does not start. */
export function ExecuteDialog({
  job,
  callsLeft,
  onClose,
  onExecute,
}: {
  job: BatchJobView | null;
  callsLeft: number;
  onClose: () => void;
  onExecute: (job: BatchJobView) => Promise<unknown>;
}) {
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setConsent(false);
    onClose();
  };
  return (
    <Modal
      open={job !== null}
      title={job ? `执行「${job.fileName}」？` : ''}
      okText="确认执行"
      cancelText="取 消"
      okButtonProps={{ disabled: !consent, id: 'batch-execute-ok' }}
      confirmLoading={busy}
      onCancel={close}
      onOk={async () => {
        if (!job) return;
        setBusy(true);
        try {
          await onExecute(job);
          close();
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      {job ? (
        <>
          <p>
            将逐行调用「{job.interfaceName}」共 {job.rows.toLocaleString('zh-CN')} 次。每行是一次真实调用，按接口计费规则扣减调用次数（当前剩余{' '}
            {callsLeft.toLocaleString('zh-CN')} 次）。执行中可随时暂停。
          </p>
          <Alert
            type="warning"
            showIcon
            title="个人信息查询授权确认"
            description={
              <Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} data-testid="batch-consent">
                {BATCH_CONSENT_TEXT}
              </Checkbox>
            }
          />
          <p className={styles.hint}>确认记录（账号、时间）将保存在该任务中。</p>
        </>
      ) : null}
    </Modal>
  );
}

/** 修改: a pending job's name, or a new sheet for all its rows. */
export function EditJobDialog({ job, onClose, onSaved }: { job: BatchJobView | null; onClose: () => void; onSaved: () => void }) {
  const api = App.useApp();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const open = job !== null;
  const close = () => {
    setFile(null);
    setName('');
    onClose();
  };
  const save = async () => {
    if (!job) return;
    setBusy(true);
    try {
      const reply = await request(onlineApi.updateBatchJob, { jobId: job.id, fileName: name.trim() || undefined }, { files: file ? { file } : {} });
      api.message.success(reply.msg || ONLINE_MSG.updated);
      onSaved();
      close();
    } catch (err) {
      showUploadRefusal(api, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title="修改任务"
      okText="保 存"
      cancelText="取 消"
      okButtonProps={{ disabled: !file && name.trim() === '' }}
      confirmLoading={busy}
      onCancel={close}
      onOk={() => void save()}
      destroyOnHidden
    >
      {job ? (
        <Form layout="vertical">
          <Form.Item label="任务名称">
            <Input placeholder={job.fileName} maxLength={120} value={name} onChange={(e) => setName(e.target.value)} data-testid="batch-edit-name" />
          </Form.Item>
          <Form.Item label="替换文件" extra={`上传新文件将替换该任务的全部 ${job.rows.toLocaleString('zh-CN')} 行数据，文件有问题时原数据不变。`}>
            <Upload
              accept={BATCH_ACCEPT}
              maxCount={1}
              fileList={file ? [{ uid: 'new', name: file.name, status: 'done' }] : []}
              onRemove={() => setFile(null)}
              beforeUpload={(f) => {
                const problem = batchFileProblem(f);
                if (problem) api.message.error(problem);
                else setFile(f);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>选择文件</Button>
            </Upload>
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}

/**
 * 修改一行: the row's values typed again (the page shows them masked, so they are never filled in
 * from the server); the masked ones are the hints.
 */
export function EditRowDialog({
  jobId,
  row,
  params,
  onClose,
  onSaved,
}: {
  jobId: number;
  row: BatchRowView | null;
  params: readonly OnlineParam[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, string>>();
  const [busy, setBusy] = useState(false);
  const save = async (values: Record<string, string>) => {
    if (!row) return;
    setBusy(true);
    try {
      const clean = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, (v ?? '').trim()]));
      await request(onlineApi.updateBatchJobDetail, { jobId, rowNo: row.rowNo, params: JSON.stringify(clean) });
      message.success(ONLINE_MSG.rowUpdated);
      onSaved();
      onClose();
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={row !== null}
      title={row ? `修改第 ${row.rowNo} 行` : ''}
      okText="保 存"
      cancelText="取 消"
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {row ? (
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)} preserve={false}>
          <p className={styles.hint}>为保护个人信息，原值仅脱敏显示；请完整填写该行每个参数。</p>
          {params.map((p) => (
            <Form.Item
              key={p.name}
              name={p.name}
              label={`${p.description.split(/[，,；;。（(]/)[0]?.trim() || p.name}（${p.name}）`}
              rules={p.required ? [{ required: true, whitespace: true, message: `请填写${p.name}` }] : []}
            >
              <Input placeholder={row.params[p.name] || p.example} maxLength={1000} autoComplete="off" />
            </Form.Item>
          ))}
        </Form>
      ) : null}
    </Modal>
  );
}
