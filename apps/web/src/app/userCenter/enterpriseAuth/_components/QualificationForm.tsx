'use client';
import { UploadOutlined } from '@ant-design/icons';
// The enterprise authentication form: company name, unified social credit code (checksum
// checked as typed, the same rule the server applies), legal representative and the business
// licence image (type and size checked before upload, previewed before sending).
import { CompanyName, CreditCode, LegalPerson, LICENCE_FILE, QUALIFICATION_MSG, type QualificationAnswer, qualificationApi } from '@apimarket/contracts';
import { App, Button, Form, Input, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { zodRule } from '@/lib/form-rules';
import styles from './enterprise-auth.module.css';

interface Values {
  companyName: string;
  creditCode: string;
  legalPerson: string;
}

const FIELD_OF: ReadonlyArray<[string, keyof Values]> = [
  ['信用代码', 'creditCode'],
  ['该企业', 'creditCode'],
  ['公司名称', 'companyName'],
  ['法定代表人', 'legalPerson'],
];

/** The licence's problem, or '' when it may be sent. */
export function licenceProblem(file: { name: string; size: number }): string {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(LICENCE_FILE.extensions as readonly string[]).includes(extension)) return QUALIFICATION_MSG.licenceType;
  if (file.size > LICENCE_FILE.maxBytes) return QUALIFICATION_MSG.licenceSize;
  return '';
}

export function QualificationForm({
  initial,
  onSubmitted,
}: {
  /** A rejected application: its facts prefill the form. */
  initial: QualificationAnswer | null;
  onSubmitted: (msg: string) => Promise<void>;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState('');
  const [fileError, setFileError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (picked: File) => {
    const problem = licenceProblem(picked);
    setFileError(problem);
    if (!problem) setFile(picked);
    return false; // keep it here until the form is sent
  };

  const onFinish = async (values: Values) => {
    if (!file) return setFileError(QUALIFICATION_MSG.licenceRequired);
    setSubmitting(true);
    try {
      const res = await request(
        qualificationApi.submit,
        { companyName: values.companyName.trim(), creditCode: values.creditCode.trim().toUpperCase(), legalPerson: values.legalPerson.trim() },
        { files: { file } },
      );
      await onSubmitted(res.msg);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) {
        // The server's message goes where the person will look for it: under its field.
        const field = FIELD_OF.find(([word]) => msg.includes(word))?.[1];
        if (field) form.setFields([{ name: field, errors: [msg] }]);
        else if (msg.includes('营业执照')) setFileError(msg);
        else message.error(msg);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      className={styles.form}
      onFinish={onFinish}
      // Every problem at once: the licence is not a form field, so say it here too.
      onFinishFailed={() => {
        if (!file) setFileError(QUALIFICATION_MSG.licenceRequired);
      }}
      requiredMark
      initialValues={{ companyName: initial?.companyName ?? '', creditCode: initial?.creditCode ?? '', legalPerson: initial?.legalPerson ?? '' }}
    >
      <Form.Item label="企业名称" name="companyName" rules={[zodRule(CompanyName)]} required>
        <Input placeholder="与营业执照上的名称一致" maxLength={100} autoComplete="organization" />
      </Form.Item>
      <Form.Item label="统一社会信用代码" name="creditCode" rules={[zodRule(CreditCode)]} required>
        <Input placeholder="18 位，如 91310000MA1XXXXXXX" maxLength={18} className={styles.mono} />
      </Form.Item>
      <Form.Item label="法定代表人" name="legalPerson" rules={[zodRule(LegalPerson)]} required>
        <Input placeholder="法定代表人姓名" maxLength={30} />
      </Form.Item>
      <Form.Item
        label="营业执照"
        required
        validateStatus={fileError ? 'error' : undefined}
        help={fileError || '请上传加盖公章的营业执照彩色照片或扫描件，JPG、PNG 格式，不超过 5MB'}
      >
        <div className={styles.upload}>
          <Upload accept={LICENCE_FILE.accept} beforeUpload={pick} showUploadList={false} maxCount={1}>
            <Button icon={<UploadOutlined />}>{file ? '重新选择' : '选择图片'}</Button>
          </Upload>
          {file ? <span className={styles.fileName}>{file.name}</span> : null}
        </div>
        {preview ? (
          // biome-ignore lint/performance/noImgElement: a local preview (blob: URL) of the file about to be sent
          <img src={preview} alt="营业执照预览" className={styles.preview} data-testid="licence-preview" />
        ) : null}
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting} className={styles.submit}>
        提交认证
      </Button>
    </Form>
  );
}
