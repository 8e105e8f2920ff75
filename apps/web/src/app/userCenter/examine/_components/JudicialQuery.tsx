'use client';
// 司法可视化's query screen: the five judicial interfaces as cards (myBuy/getMyLawInterfaceInfo:
// status and calls left; not bought → 去购买), the chosen one's form (a person: 姓名 + 身份证号; a
// company: 企业名称或统一社会信用代码), the consent, and the result opened as its case file.
import {
  entitlementsApi,
  JUDICIAL_CONSENT_TEXT,
  JUDICIAL_INTERFACES,
  JUDICIAL_LIMITS,
  JUDICIAL_MSG,
  type JudicialInterfaceId,
  JudicialIdcard,
  JudicialKeyword,
  JudicialName,
  judicialApi,
  type LawInterfaceInfo,
} from '@apimarket/contracts';
import { Alert, Button, Card, Checkbox, Form, Input, Skeleton, Space, Tag } from 'antd';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import panel from '@/components/user-center/panel.module.css';
import { useCall, useCallMutation } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';
import styles from './examine.module.css';

interface Values {
  name?: string;
  idcard?: string;
  keyword?: string;
  consent?: boolean;
}

export function JudicialQuery() {
  const info = useCall(entitlementsApi.lawInterfaces);
  const rows = info.data?.data ?? [];
  const [chosen, setChosen] = useState<JudicialInterfaceId | null>(null);
  // The first usable interface is chosen once the states are known.
  useEffect(() => {
    if (chosen === null && rows.length) setChosen((rows.find((r) => r.usable)?.id ?? null) as JudicialInterfaceId | null);
  }, [rows, chosen]);

  return (
    <div className={panel.page}>
      <Card
        title="司法可视化"
        extra={
          <Link href="/userCenter/examine/list" data-testid="judicial-list-link">
            查询列表
          </Link>
        }
      >
        <p className={panel.note}>
          对个人或企业调用已购买的司法接口，结果整理为可读的案卷：当事人、案号、法院、案由、金额、时间线与汇总图表。每次查询为一次真实调用，按接口计费规则扣减调用次数。
        </p>
        {info.isPending ? (
          <Skeleton active />
        ) : (
          <ul className={styles.cards} data-testid="judicial-interfaces">
            {rows.map((r) => (
              <InterfaceCard key={r.id} info={r} active={chosen === r.id} onChoose={() => setChosen(r.id as JudicialInterfaceId)} />
            ))}
          </ul>
        )}
      </Card>
      {chosen ? (
        <QueryForm interfaceId={chosen} info={rows.find((r) => r.id === chosen)} />
      ) : rows.length && !rows.some((r) => r.usable) ? (
        <Alert
          type="info"
          showIcon
          title="还没有可用的司法接口"
          description="购买上方任一司法接口（或为已停用、已过期、次数用完的接口恢复或续购）后，即可在这里查询个人或企业的司法记录。"
          data-testid="judicial-none"
        />
      ) : null}
    </div>
  );
}

function InterfaceCard({ info, active, onChoose }: { info: LawInterfaceInfo; active: boolean; onChoose: () => void }) {
  const spec = JUDICIAL_INTERFACES[info.id as JudicialInterfaceId];
  return (
    <li className={active ? `${styles.card} ${styles.cardActive}` : styles.card} data-testid={`judicial-card-${info.id}`}>
      <div className={styles.cardHead}>
        <span className={styles.cardName}>{info.name}</span>
        <Tag color={info.usable ? 'success' : info.purchased ? 'warning' : 'default'}>{info.statusLabel}</Tag>
      </div>
      <div className={panel.sub}>
        {spec?.subject === 'company' ? '查询企业' : '查询个人'} · {info.purchased ? `剩余 ${info.callsLeft.toLocaleString('zh-CN')} 次` : '未购买'}
      </div>
      <div className={styles.cardFoot}>
        {info.usable ? (
          <Button size="small" type={active ? 'primary' : 'default'} onClick={onChoose} data-testid={`judicial-choose-${info.id}`}>
            {active ? '当前查询' : '选择'}
          </Button>
        ) : (
          <Link href={`/api/${info.id}`} data-testid={`judicial-buy-${info.id}`}>
            {info.purchased ? '去续购' : '去购买'}
          </Link>
        )}
      </div>
    </li>
  );
}

function QueryForm({ interfaceId, info }: { interfaceId: JudicialInterfaceId; info?: LawInterfaceInfo }) {
  const [form] = Form.useForm<Values>();
  const router = useRouter();
  const spec = JUDICIAL_INTERFACES[interfaceId];
  const company = spec.subject === 'company';
  const run = useCallMutation(judicialApi.query, { invalidates: [entitlementsApi.lawInterfaces, judicialApi.list] });

  const submit = async (v: Values) => {
    try {
      const res = await run.mutateAsync(
        company ? { interfaceId, keyword: v.keyword ?? '', consent: true } : { interfaceId, name: v.name ?? '', idcard: v.idcard ?? '', consent: true },
      );
      router.push(`/userCenter/examine/details?id=${res.data.id}`);
    } catch {
      // told by the toast
    }
  };

  return (
    <Card title={`查询：${spec.name}`} data-testid="judicial-form">
      <div className={panel.notice}>
        <Alert
          type="warning"
          showIcon
          title="司法查询为真实调用"
          description={`调用「${spec.name}」一次，按接口计费规则扣减调用次数${info ? `（剩余 ${info.callsLeft.toLocaleString('zh-CN')} 次）` : ''}，并记入调用记录。个人的姓名与身份证号只保存脱敏后的信息。`}
        />
      </div>
      <Form form={form} layout="vertical" onFinish={submit} disabled={run.isPending} className={styles.form} key={interfaceId}>
        {company ? (
          <Form.Item name="keyword" label="企业名称或统一社会信用代码" rules={[zodRule(JudicialKeyword)]}>
            <Input
              placeholder="如 杭州示例科技有限公司"
              allowClear
              autoComplete="off"
              maxLength={JUDICIAL_LIMITS.keywordChars.max}
              data-testid="judicial-keyword"
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="name" label="姓名" rules={[zodRule(JudicialName)]}>
              <Input placeholder="被查询人姓名" allowClear autoComplete="off" maxLength={JUDICIAL_LIMITS.nameChars} data-testid="judicial-name" />
            </Form.Item>
            <Form.Item name="idcard" label="身份证号" rules={[zodRule(JudicialIdcard)]}>
              <Input placeholder="18 位居民身份证号" allowClear autoComplete="off" spellCheck={false} maxLength={18} data-testid="judicial-idcard" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="consent"
          valuePropName="checked"
          rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(JUDICIAL_MSG.consent))) }]}
        >
          <Checkbox data-testid="judicial-consent">{JUDICIAL_CONSENT_TEXT}</Checkbox>
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={run.isPending} data-testid="judicial-submit">
            查 询
          </Button>
          <Button onClick={() => form.resetFields()}>清空</Button>
        </Space>
      </Form>
    </Card>
  );
}
