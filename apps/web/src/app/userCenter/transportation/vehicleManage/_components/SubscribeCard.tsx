'use client';
// 订阅车辆 (subscribeCarInfo/subscribe): one vehicle from the form, or the rows of a sheet, for one
// period. Each vehicle subscribed is one charged call of 车辆实时位置 (it confirms the vehicle is
// on the platform and gives its first position); the answer says how many were subscribed, how
// many calls were charged and why each other row was not.
import { type SubscribeResult, TRANSPORT_LIMITS, transportApi } from '@apimarket/contracts';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, DatePicker, Form, Input, Select, Space, Table, Tabs, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import panel from '@/components/user-center/panel.module.css';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { useCallMutation } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import styles from './vehicles.module.css';
import { PLATE_COLOR_OPTIONS } from '../../_shared/vehicle-words';
import {
  colorRules,
  normalizePlate,
  type Period,
  periodDayDisabled,
  periodInput,
  periodRules,
  plateRules,
  remarkRules,
  SHEET_ACCEPT,
  type SingleValues,
  sheetProblem,
} from './subscribe-form';

const STALE = [transportApi.subscriptions, transportApi.interfaces, transportApi.positions];
const today = () => dayjs().startOf('day');
/** A new subscription runs a year unless the person picks otherwise. */
const defaultPeriod = (): [Dayjs, Dayjs] => [today(), today().add(1, 'year').subtract(1, 'day')];

export function SubscribeCard({ positionCallsLeft }: { positionCallsLeft: number | null }) {
  const [result, setResult] = useState<SubscribeResult | null>(null);
  return (
    <Card title="订阅车辆" data-testid="subscribe-card">
      <div className={panel.notice}>
        <Alert
          type="info"
          showIcon
          title="每订阅一辆车，调用一次「车辆实时位置」接口"
          description={
            <>
              订阅时逐辆确认车辆已接入监管平台并取得首个位置，按接口计费规则扣减 1 次调用；未接入或有误的车辆不订阅、不扣费。
              {positionCallsLeft !== null ? ` 当前剩余 ${positionCallsLeft.toLocaleString('zh-CN')} 次。` : ''}
              最多同时订阅 {TRANSPORT_LIMITS.maxSubscriptions} 辆车，单次最长 {TRANSPORT_LIMITS.maxSubscribeDays} 天。
            </>
          }
        />
      </div>
      <Tabs
        items={[
          { key: 'one', label: '单辆订阅', children: <SingleForm onDone={setResult} /> },
          { key: 'sheet', label: '批量导入', children: <SheetForm onDone={setResult} /> },
        ]}
      />
      {result ? <ResultView result={result} onClose={() => setResult(null)} /> : null}
    </Card>
  );
}

function PeriodField() {
  return (
    <Form.Item
      name="period"
      label="订阅期限"
      required
      rules={periodRules(today)}
      extra="开始日期可早于今天，自开始日期起的历史轨迹均可查询；到期后不再定位和跟踪，可随时修改结束日期"
    >
      <DatePicker.RangePicker
        className={styles.period}
        allowEmpty={[false, false]}
        disabledDate={(d, info) => periodDayDisabled(d, (info.from as Dayjs | undefined) ?? null, today())}
        placeholder={['开始日期', '结束日期']}
      />
    </Form.Item>
  );
}

function RemarkField() {
  return (
    <Form.Item name="remark" label="备注" rules={remarkRules}>
      <Input placeholder="选填，如 司机姓名、线路" maxLength={TRANSPORT_LIMITS.remarkChars} showCount />
    </Form.Item>
  );
}

function SingleForm({ onDone }: { onDone: (r: SubscribeResult | null) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SingleValues>();
  const subscribe = useCallMutation(transportApi.subscribe, { invalidates: STALE, quiet: true });

  const submit = async (v: SingleValues) => {
    onDone(null);
    try {
      const res = await subscribe.mutateAsync({ plateNumber: v.plateNumber, plateColor: v.plateColor, ...periodInput(v.period), remark: v.remark ?? '' });
      onDone(res.data);
      const problem = res.data.problems[0];
      if (res.data.subscribed.length > 0) {
        message.success(`已订阅 ${res.data.subscribed[0]?.plateNumber ?? ''}，扣费 ${res.data.charged} 次`);
        form.resetFields(['plateNumber', 'plateColor', 'remark']);
      } else if (problem) form.setFields([{ name: 'plateNumber', errors: [problem.message] }]);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    }
  };

  return (
    <Form<SingleValues>
      form={form}
      name="subscribe-one"
      layout="vertical"
      onFinish={submit}
      initialValues={{ period: defaultPeriod(), plateColor: 2 }}
      className={styles.singleForm}
      disabled={subscribe.isPending}
    >
      <div className={styles.formRow}>
        <Form.Item name="plateNumber" label="车牌号" required rules={plateRules} normalize={normalizePlate} validateFirst>
          <Input placeholder="如 浙A8F2C6" maxLength={10} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item name="plateColor" label="车牌颜色" required rules={colorRules} dependencies={['plateNumber']}>
          <Select options={PLATE_COLOR_OPTIONS} placeholder="请选择" />
        </Form.Item>
      </div>
      <PeriodField />
      <RemarkField />
      <Button type="primary" htmlType="submit" loading={subscribe.isPending} data-testid="subscribe-submit">
        订阅并扣费 1 次
      </Button>
    </Form>
  );
}

function SheetForm({ onDone }: { onDone: (r: SubscribeResult | null) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ period?: Period; remark?: string }>();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const template = async () => {
    setDownloading(true);
    try {
      // template=1: the list call answers the sheet to fill in.
      const blob = await request(transportApi.subscriptions, { template: 1 });
      if (blob instanceof Blob) saveBlob(blob, '车辆批量订阅模板.xlsx');
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    } finally {
      setDownloading(false);
    }
  };

  const submit = async (v: { period?: Period; remark?: string }) => {
    if (!file) return message.error('请选择要上传的车辆文件');
    setSending(true);
    onDone(null);
    try {
      const res = await request(transportApi.subscribe, { ...periodInput(v.period), remark: v.remark ?? '' }, { files: { file } });
      onDone(res.data);
      setFile(null);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form
      form={form}
      name="subscribe-sheet"
      layout="vertical"
      onFinish={submit}
      initialValues={{ period: defaultPeriod() }}
      disabled={sending}
      className={styles.singleForm}
    >
      <ol className={styles.steps}>
        <li>
          <span>下载模板，每行填写一辆车的「车牌号」和「车牌颜色」（蓝色、黄色、渐变绿色…），一次最多 {TRANSPORT_LIMITS.maxSubscribeRows} 辆。</span>
          <Button size="small" icon={<DownloadOutlined />} loading={downloading} onClick={() => void template()} data-testid="subscribe-template">
            下载模板
          </Button>
        </li>
        <li>
          <span>选择填好的 .xlsx 或 .csv 文件（不超过 {TRANSPORT_LIMITS.sheetBytes / 1024 / 1024}MB），所有车辆使用下面的订阅期限和备注。</span>
          <Space wrap>
            <Upload
              accept={SHEET_ACCEPT}
              showUploadList={false}
              maxCount={1}
              beforeUpload={(f) => {
                const problem = sheetProblem(f);
                if (problem) message.error(problem);
                else setFile(f);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="subscribe-file">
                选择文件
              </Button>
            </Upload>
            {file ? <span className={styles.fileName}>{file.name}</span> : null}
          </Space>
        </li>
      </ol>
      <PeriodField />
      <RemarkField />
      <Button type="primary" htmlType="submit" loading={sending} disabled={!file} data-testid="subscribe-sheet-submit">
        上传并订阅
      </Button>
    </Form>
  );
}

function ResultView({ result, onClose }: { result: SubscribeResult; onClose: () => void }) {
  const ok = result.subscribed.length;
  const bad = result.problems.length;
  return (
    <div className={styles.result} data-testid="subscribe-result">
      <Alert
        type={bad === 0 ? 'success' : ok === 0 ? 'error' : 'warning'}
        showIcon
        closable={{ onClose }}
        title={`成功订阅 ${ok} 辆车，扣费 ${result.charged} 次${bad ? `；${bad} 辆未订阅` : ''}`}
        description={ok ? `已订阅：${result.subscribed.map((s) => s.plateNumber).join('、')}` : undefined}
      />
      {bad ? (
        <Table
          size="small"
          rowKey={(p) => `${p.row}-${p.plateNumber}`}
          className={styles.problems}
          dataSource={result.problems}
          pagination={result.problems.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          scroll={{ x: 480 }}
          columns={[
            { title: '行', dataIndex: 'row', width: 64, render: (r: number) => (r > 0 ? r : '—') },
            { title: '车牌号', dataIndex: 'plateNumber', width: 120, render: (v: string) => v || '—' },
            { title: '未订阅原因', dataIndex: 'message' },
          ]}
          data-testid="subscribe-problems"
        />
      ) : null}
    </div>
  );
}
