'use client';
import { CopyOutlined } from '@ant-design/icons';
// 接口测试: one purchased interface called from a form (UserCenter/getApiTestData) and answered
// exactly as the customer's system would be, with that call written out as curl. A test is a real
// call of the purchase: a billable answer takes one call, so the card's calls left follow it.
import { type ApiTestResult, GATEWAY_SUCCESS, ONLINE_MSG, type OnlineInterface, type OnlineParam, onlineApi } from '@apimarket/contracts';
import { Alert, App, Button, Card, Descriptions, Empty, Form, Input, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { NotLoaded, OnlineHead, useOnlineInterface } from '@/app/userCenter/dataManage/myAPI/_components/OnlineHead';
import panel from '@/components/user-center/panel.module.css';
import { useCallMutation } from '@/lib/api/query';
import styles from './api-test.module.css';
import { ImageParam } from './ImageParam';
import { sentParams, type TestValues, testCurl } from './test-params';

export function ApiTest({ purchaseId, gatewayUrl }: { purchaseId: number; gatewayUrl: string }) {
  const { loaded, reload, setCallsLeft } = useOnlineInterface(onlineApi.testInterface, purchaseId);
  if (loaded.kind !== 'ok') return <NotLoaded loaded={loaded} onRetry={reload} />;
  return (
    <div className={styles.page}>
      <OnlineHead info={loaded.info} here="test" />
      <TestBench info={loaded.info} gatewayUrl={gatewayUrl} onCalled={setCallsLeft} />
    </div>
  );
}

function TestBench({ info, gatewayUrl, onCalled }: { info: OnlineInterface; gatewayUrl: string; onCalled: (callsLeft: number) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ params: TestValues }>();
  const values = Form.useWatch('params', form);
  // A refused test is told by the one error toast.
  const test = useCallMutation(onlineApi.test);
  const testing = test.isPending;
  const [tested, setTested] = useState<ApiTestResult | null>(null);
  const curl = useMemo(() => testCurl(gatewayUrl, info.path, info.params, values), [gatewayUrl, info.path, info.params, values]);
  const hasImage = info.params.some((p) => p.media === 'image');
  const answerRef = useRef<HTMLDivElement>(null);

  const run = async ({ params }: { params?: TestValues }) => {
    try {
      const res = await test.mutateAsync({ purchaseId: info.purchaseId, params: JSON.stringify(sentParams(info.params, params)) });
      setTested(res.data);
      onCalled(res.data.callsLeft);
      // Below the two-column width (api-test.module.css) the answer is under the form, out of sight.
      if (window.matchMedia('(max-width: 1199px)').matches) {
        window.requestAnimationFrame(() => answerRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
      }
    } catch {
      // told by the toast
    }
  };

  // An image's example is a truncated placeholder, not a picture: those wait for a file.
  const fillExamples = () =>
    form.setFieldsValue({ params: Object.fromEntries(info.params.filter((p) => p.type !== 'base64' && p.example).map((p) => [p.name, p.example])) });

  const copyCurl = async () => {
    try {
      await navigator.clipboard.writeText(curl);
      message.success('已复制调用命令');
    } catch {
      message.error('复制失败，请手动选择命令复制');
    }
  };

  return (
    <div className={styles.bench}>
      <Card
        title="请求参数"
        extra={
          <Button size="small" onClick={fillExamples} disabled={testing}>
            填入示例
          </Button>
        }
      >
        <div className={panel.notice}>
          <Alert
            type="warning"
            showIcon
            title="在线测试为真实调用"
            description="与您的系统用 Key 调用相同：返回结果按接口计费规则扣减本接口的调用次数，并记入调用记录。在线测试以登录身份调用，不校验 IP 白名单。"
          />
        </div>
        {info.testable ? null : (
          <div className={panel.notice}>
            <Alert type="info" showIcon title={ONLINE_MSG.videoNotTestable} data-testid="api-test-video" />
          </div>
        )}
        <Form<{ params: TestValues }> form={form} layout="vertical" onFinish={run} disabled={testing}>
          {info.params.map((p) => (
            <ParamItem key={p.name} param={p} />
          ))}
          {info.params.length === 0 ? <p className={panel.note}>该接口没有业务参数，直接点击「测试」即可。</p> : null}
          {hasImage ? <p className={panel.note}>图片参数不提供示例，请上传一张真实图片。</p> : null}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={testing} disabled={!info.usable || !info.testable} data-testid="api-test-submit">
              测试
            </Button>
            <Button onClick={() => form.resetFields()}>清空</Button>
          </Space>
        </Form>
      </Card>

      <div className={styles.side} ref={answerRef}>
        <Card title="返回结果" extra={tested ? <span className={panel.note}>耗时 {tested.latencyMs.toLocaleString('zh-CN')} ms</span> : null}>
          {tested ? (
            <Answer result={tested} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="填写参数后点击「测试」，接口的返回结果会显示在这里" />
          )}
        </Card>
        <Card
          title="您的系统这样调用"
          extra={
            <Button size="small" icon={<CopyOutlined />} onClick={() => void copyCurl()}>
              复制
            </Button>
          }
        >
          <pre className={styles.code} data-testid="api-test-curl">
            {curl}
          </pre>
          <p className={panel.note}>
            以 POST 表单（application/x-www-form-urlencoded）提交。把 key 换成「我的API」中该接口的 Key，并只在服务端调用，不要把 Key 放进网页或 App。
          </p>
        </Card>
      </div>
    </div>
  );
}

function ParamItem({ param: p }: { param: OnlineParam }) {
  const label = (
    <span className={styles.label}>
      <code>{p.name}</code>
      <span className={styles.type}>{p.media === 'image' ? '图片' : p.media === 'video' ? '视频' : p.type}</span>
    </span>
  );
  const image = p.media === 'image';
  // An image is uploaded (no text to trim); any other value is typed.
  const required = image ? { required: true, message: `请上传${p.name}` } : { required: true, whitespace: true, message: `请输入${p.name}` };
  return (
    <Form.Item name={['params', p.name]} label={label} extra={p.description} initialValue="" rules={p.required ? [required] : []}>
      {image ? (
        <ImageParam label={p.name} />
      ) : (
        <Input
          placeholder={p.media === 'video' ? '视频参数请由您的系统调用时传入' : p.example}
          disabled={p.media === 'video'}
          allowClear
          autoComplete="off"
          spellCheck={false}
        />
      )}
    </Form.Item>
  );
}

function Answer({ result }: { result: ApiTestResult }) {
  const { answer } = result;
  return (
    <div data-testid="api-test-result">
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          {
            key: 'code',
            label: '返回码',
            children: (
              <Tag color={answer.code === GATEWAY_SUCCESS ? 'success' : 'error'} data-testid="api-test-code">
                {answer.code}
              </Tag>
            ),
          },
          { key: 'message', label: '返回信息', children: answer.message },
          {
            key: 'seqNo',
            label: '流水号',
            children: answer.seqNo ? (
              <Typography.Text copyable={{ tooltips: ['复制流水号', '已复制'] }} className={styles.mono}>
                {answer.seqNo}
              </Typography.Text>
            ) : (
              '—'
            ),
          },
          { key: 'latency', label: '耗时', children: `${result.latencyMs.toLocaleString('zh-CN')} ms` },
          {
            key: 'calls',
            label: '调用次数',
            children: `${result.charged ? '本次扣减 1 次' : '本次未扣减'}，剩余 ${result.callsLeft.toLocaleString('zh-CN')} 次`,
          },
        ]}
      />
      <h3 className={styles.subtitle}>返回数据（data）</h3>
      <pre className={styles.json} data-testid="api-test-data">
        {JSON.stringify(answer.data ?? null, null, 2)}
      </pre>
    </div>
  );
}
