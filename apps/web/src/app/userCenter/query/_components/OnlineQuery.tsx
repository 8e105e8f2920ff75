'use client';
// 在线查询: pick interfaces from the pool (or take a trial), fill one form for the person, read
// each answer in the verification wording, and find every earlier query below. A query is a real
// call of each interface: charged and recorded like a call from the customer's own system.
import { QUERY_LIMITS, QUERY_MSG, type QueryPoolItem, type QueryReportView, queryApi, trialApi } from '@apimarket/contracts';
import { App, Alert, Button, Card, Checkbox, Empty, Form, Input, Space, Tag, Tooltip } from 'antd';
import Link from 'next/link';
import { useRef, useState } from 'react';
import panel from '@/components/user-center/panel.module.css';
import { useCall, useCallMutation } from '@/lib/api/query';
import { QueryHistory } from './QueryHistory';
import { exampleValues, type QueryValues, backgroundCheck, sentValues, toggled } from './query-form';
import { ReportCard, ReportReceipts } from './ReportCard';
import styles from './query.module.css';

export function OnlineQuery() {
  const [selected, setSelected] = useState<number[]>([]);
  const [report, setReport] = useState<QueryReportView | null>(null);
  const reportRef = useRef<HTMLDivElement>(null);

  const done = (r: QueryReportView) => {
    setReport(r);
    window.requestAnimationFrame(() => reportRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };

  return (
    <div className={panel.page}>
      <div className={styles.bench}>
        <PoolCard selected={selected} onChange={setSelected} />
        <FormCard selected={selected} onDone={done} />
      </div>
      <div ref={reportRef}>{report ? <ReportCard report={report} title="本次查询结果" extra={<ReportReceipts report={report} />} /> : null}</div>
      <QueryHistory />
    </div>
  );
}

function PoolCard({ selected, onChange }: { selected: number[]; onChange: (ids: number[]) => void }) {
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const pool = useCall(queryApi.pool, { keyword });
  const items = pool.data?.data ?? [];
  const trial = useCallMutation(trialApi.take, { invalidates: [queryApi.pool, trialApi.state] });
  const preset = backgroundCheck(items);

  const take = async (item: QueryPoolItem) => {
    try {
      const res = await trial.mutateAsync({ interfaceId: item.interfaceId });
      message.success(`已领取「${res.data.interfaceName}」${res.data.calls} 次免费调用`);
      onChange(toggled(selected, item.interfaceId));
    } catch {
      // told by the toast
    }
  };

  return (
    <Card
      title="选择接口"
      className={styles.pool}
      extra={
        <Tooltip title={preset.length ? '身份证、手机号、银行卡与司法信息一并核查' : '购买实名认证、手机三要素等接口后可用'}>
          <Button size="small" disabled={preset.length < 2} onClick={() => onChange(preset)} data-testid="query-preset">
            个人背景核查
          </Button>
        </Tooltip>
      }
    >
      <Input.Search
        placeholder="搜索接口名称"
        allowClear
        maxLength={QUERY_LIMITS.keywordChars}
        onSearch={(v) => setKeyword(v.trim())}
        className={styles.search}
      />
      <p className={panel.hint}>
        可同时勾选最多 {QUERY_LIMITS.maxInterfaces} 个接口，对同一人一次查询；已选 {selected.length} 个。
      </p>
      {pool.isPending ? null : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? `没有名称包含「${keyword}」的可查询接口` : '还没有可在线查询的接口'}>
          <Link href="/api">去选购接口</Link>
        </Empty>
      ) : (
        <ul className={styles.items} data-testid="query-pool">
          {items.map((item) => (
            <PoolItem
              key={item.interfaceId}
              item={item}
              checked={selected.includes(item.interfaceId)}
              onToggle={() => onChange(toggled(selected, item.interfaceId))}
              onTrial={() => void take(item)}
              taking={trial.isPending}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function PoolItem({
  item,
  checked,
  onToggle,
  onTrial,
  taking,
}: {
  item: QueryPoolItem;
  checked: boolean;
  onToggle: () => void;
  onTrial: () => void;
  taking: boolean;
}) {
  const trial = item.purchaseId === null;
  return (
    <li className={styles.item} data-testid={`query-item-${item.interfaceId}`}>
      <Checkbox checked={checked} disabled={!item.usable} onChange={onToggle} data-testid={`query-pick-${item.interfaceId}`}>
        <span className={styles.itemName}>{item.interfaceName}</span>
      </Checkbox>
      <span className={styles.itemMeta}>
        <Tag variant="filled">{item.categoryName}</Tag>
        {trial ? (
          <Button
            size="small"
            type="link"
            onClick={onTrial}
            loading={taking}
            disabled={item.trialGrantable <= 0}
            data-testid={`query-trial-${item.interfaceId}`}
          >
            免费试用 {item.trialGrantable} 次
          </Button>
        ) : item.usable ? (
          <span className={panel.sub}>剩余 {item.callsLeft.toLocaleString('zh-CN')} 次</span>
        ) : (
          <Tooltip title={item.reason}>
            <span className={panel.sub}>不可查询</span>
          </Tooltip>
        )}
      </span>
    </li>
  );
}

function FormCard({ selected, onDone }: { selected: number[]; onDone: (r: QueryReportView) => void }) {
  const [form] = Form.useForm<{ params: QueryValues; consent: boolean }>();
  const ids = selected.join(',');
  const shape = useCall(queryApi.form, { interfaceIds: ids }, { enabled: selected.length > 0 });
  const fields = selected.length > 0 ? (shape.data?.data.fields ?? []) : [];
  const names = new Map((shape.data?.data.interfaces ?? []).map((i) => [i.interfaceId, i.interfaceName]));
  const run = useCallMutation(queryApi.run, { invalidates: [queryApi.history, queryApi.pool] });

  const submit = async ({ params }: { params?: QueryValues }) => {
    try {
      const res = await run.mutateAsync({ interfaceIds: ids, params: JSON.stringify(sentValues(fields, params)), consent: true });
      onDone(res.data);
    } catch {
      // told by the toast
    }
  };

  if (selected.length === 0) {
    return (
      <Card title="查询信息" className={styles.form}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="在左侧勾选要查询的接口，这里会给出需要填写的信息" />
      </Card>
    );
  }

  return (
    <Card
      title="查询信息"
      className={styles.form}
      extra={
        <Button size="small" onClick={() => form.setFieldsValue({ params: exampleValues(fields) })} disabled={run.isPending}>
          填入示例
        </Button>
      }
    >
      <div className={panel.notice}>
        <Alert
          type="warning"
          showIcon
          title="在线查询为真实调用"
          description="每个所选接口调用一次，按接口计费规则扣减调用次数，并记入调用记录。查询记录只保存脱敏后的信息。"
        />
      </div>
      <Space wrap size={[4, 4]} className={styles.chosen}>
        {selected.map((id) => (
          <Tag key={id} color="blue">
            {names.get(id) ?? `接口 ${id}`}
          </Tag>
        ))}
      </Space>
      <Form form={form} layout="vertical" onFinish={submit} disabled={run.isPending} className={styles.fields}>
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={['params', f.name]}
            label={f.label}
            tooltip={f.description}
            extra={
              selected.length > 1 && f.interfaceIds.length < selected.length ? `用于：${f.interfaceIds.map((i) => names.get(i) ?? i).join('、')}` : undefined
            }
            rules={f.required ? [{ required: true, whitespace: true, message: QUERY_MSG.required(f.label) }] : []}
          >
            <Input placeholder={f.example ? `如 ${f.example}` : `请输入${f.label}`} allowClear autoComplete="off" spellCheck={false} maxLength={200} />
          </Form.Item>
        ))}
        <Form.Item
          name="consent"
          valuePropName="checked"
          rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(QUERY_MSG.consent))) }]}
        >
          <Checkbox data-testid="query-consent">我已取得被查询人的明确授权，查询结果仅用于约定的业务目的</Checkbox>
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={run.isPending} disabled={shape.isPending} data-testid="query-submit">
            查 询
          </Button>
          <Button onClick={() => form.resetFields()}>清空</Button>
        </Space>
      </Form>
    </Card>
  );
}
