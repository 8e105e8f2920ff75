'use client';
// 原始数据 (UserCenter/judicial/json): the answer as the interface returned it, for a developer —
// the masked parameters sent beside it, a copy button, and the way back to the case file.
import { judicialApi } from '@apimarket/contracts';
import { App, Button, Card, Descriptions, Result, Skeleton, Space } from 'antd';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import panel from '@/components/user-center/panel.module.css';
import { useCall } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { idFromQuery, prettyJson } from './judicial-words';
import styles from './examine.module.css';

export function RawAnswer() {
  const { message } = App.useApp();
  const id = idFromQuery(useSearchParams().get('id'));
  const raw = useCall(judicialApi.json, { id: id ?? 0 }, { enabled: id !== null, quiet: true });
  if (id === null || raw.isError) {
    return (
      <Card>
        <Result
          status="404"
          title="未找到该司法查询记录"
          subTitle="记录不存在或不属于当前账号。"
          extra={
            <Link href="/userCenter/examine/list">
              <Button type="primary">返回查询列表</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  if (raw.isPending)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  const r = raw.data.data;
  const text = prettyJson(r.answer);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      message.success('已复制原始数据');
    } catch {
      message.error('复制失败，请手动选择文本复制');
    }
  };
  return (
    <div className={panel.page}>
      <Card
        title={`${r.interfaceName} · 原始数据`}
        extra={
          <Space size={4} wrap>
            <Button size="small" onClick={() => void copy()}>
              复制
            </Button>
            <Link href={`/userCenter/examine/details?id=${r.id}`} data-testid="judicial-open-details">
              <Button size="small">查看详情</Button>
            </Link>
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label="接口编号">{r.interfaceId}</Descriptions.Item>
          <Descriptions.Item label="查询时间">{dateTime(r.requestedAt)}</Descriptions.Item>
          <Descriptions.Item label="请求参数（已脱敏）">
            <code className={styles.inlineCode}>{JSON.stringify(r.params)}</code>
          </Descriptions.Item>
        </Descriptions>
        <pre className={`${panel.codeBlock} ${styles.json}`} data-testid="judicial-json">
          {text}
        </pre>
      </Card>
    </div>
  );
}
