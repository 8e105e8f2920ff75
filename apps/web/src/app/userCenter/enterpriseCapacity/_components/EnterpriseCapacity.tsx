'use client';
// 企业运力: the interface line (bought and usable, or the way to buy it), the query form (企业名称
// or 统一社会信用代码, checked with contracts' CapacityQueryInput before anything is sent), the
// result of the query or of a past one reopened from the history (?id=, no new charge), and the
// history itself.
import { CAPACITY_MSG, type CapacityQueryView, capacityApi } from '@apimarket/contracts';
import { App, Button, Card, Input, Skeleton, Space, Tag } from 'antd';
import Link from 'next/link';
import { useState } from 'react';
import { useAddressParams } from '@/lib/address';
import { EmptyState } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { useCall, useCallMutation } from '@/lib/api/query';
import styles from './capacity.module.css';
import { CapacityHistory } from './CapacityHistory';
import { CapacityReport } from './CapacityReport';
import { checkForm, type FormErrors } from './capacity-words';

export const buyHref = (interfaceId: number) => `/userCenter/dataManage/myAPI/purchase?interfaceId=${interfaceId}`;
export const interfaceHref = (interfaceId: number) => `/api/${interfaceId}`;

export function EnterpriseCapacity() {
  const { message } = App.useApp();
  const { params, show } = useAddressParams();
  const state = useCall(capacityApi.interface, undefined, { quiet: true });
  const [companyName, setCompanyName] = useState('');
  const [creditCode, setCreditCode] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [fresh, setFresh] = useState<CapacityQueryView | null>(null);

  const openId = Number(params.get('id')) || 0;
  const stored = useCall(capacityApi.detail, { id: openId }, { enabled: openId > 0 && fresh?.id !== openId });
  // The result in view is the one the address names: the query just made, or a stored one.
  const shown = openId > 0 ? (fresh?.id === openId ? fresh : (stored.data?.data ?? null)) : null;

  const open = (id: number | null) => show({ id });

  const query = useCallMutation(capacityApi.query, {
    invalidates: [capacityApi.history, capacityApi.interface],
    onSuccess: (reply) => {
      setFresh(reply.data);
      open(reply.data.id);
      if (reply.data.profile) void message.success(reply.msg || '查询成功');
      else void message.warning(reply.msg || CAPACITY_MSG.noResult);
    },
  });

  const submit = () => {
    const { input, errors: found } = checkForm(companyName, creditCode);
    setErrors(found);
    if (input) query.mutate(input);
  };

  const s = state.data?.data;
  const ready = s?.usable ?? false;

  return (
    <div className={panel.page}>
      <Card title="企业运力查询">
        <p className={panel.hint}>
          输入物流企业的名称或统一社会信用代码，查看其名下营运货车的规模、车型与吨位、近 30 天活跃情况、主要运营省份和近 12 个月趋势。每次查询调用一次您已购的「
          {s?.interfaceName ?? '企业运力画像'}」接口并按次计费；查询记录中的结果可随时免费查看。
        </p>
        {state.isPending ? (
          <Skeleton.Input active block />
        ) : s && !s.purchaseId ? (
          <EmptyState
            testId="capacity-need-interface"
            title={`需要先购买「${s.interfaceName}」接口`}
            text={s.reason}
            action={
              <Space wrap>
                <Link href={buyHref(s.interfaceId)}>
                  <Button type="primary">购买{s.interfaceName}</Button>
                </Link>
                <Link href={interfaceHref(s.interfaceId)}>
                  <Button>查看接口文档</Button>
                </Link>
              </Space>
            }
          />
        ) : (
          <>
            <form
              className={styles.form}
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
              noValidate
            >
              <div className={styles.field}>
                <label className={styles.label} htmlFor="capacity-company-name">
                  企业名称
                </label>
                <Input
                  id="capacity-company-name"
                  value={companyName}
                  onChange={(e) => setCompanyName(e.target.value)}
                  placeholder="如 示例运输有限公司"
                  maxLength={100}
                  allowClear
                  status={errors.companyName ? 'error' : undefined}
                  data-testid="capacity-company-name"
                />
                {errors.companyName ? <span className={styles.error}>{errors.companyName}</span> : null}
              </div>
              <div className={styles.field}>
                <label className={styles.label} htmlFor="capacity-credit-code">
                  统一社会信用代码
                </label>
                <Input
                  id="capacity-credit-code"
                  value={creditCode}
                  onChange={(e) => setCreditCode(e.target.value.toUpperCase())}
                  placeholder="18 位，如 91310115MA1K2L3M46"
                  maxLength={18}
                  allowClear
                  status={errors.creditCode ? 'error' : undefined}
                  data-testid="capacity-credit-code"
                />
                {errors.creditCode ? <span className={styles.error}>{errors.creditCode}</span> : null}
              </div>
              <Button className={styles.submit} type="primary" htmlType="submit" loading={query.isPending} disabled={!ready} data-testid="capacity-submit">
                查询
              </Button>
            </form>
            {s ? (
              <div className={styles.state} data-testid="capacity-interface">
                <Link href={interfaceHref(s.interfaceId)}>{s.interfaceName}</Link>
                {s.usable ? (
                  <>
                    <Tag color="success">可用</Tag>
                    <span>剩余 {s.callsLeft.toLocaleString('zh-CN')} 次</span>
                  </>
                ) : (
                  <>
                    <Tag color="warning">不可用</Tag>
                    <span>{s.reason}</span>
                    <Link href={buyHref(s.interfaceId)}>续购</Link>
                  </>
                )}
              </div>
            ) : null}
          </>
        )}
      </Card>

      {openId > 0 && !shown && stored.isPending ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : shown ? (
        <CapacityReport view={shown} onClose={() => open(null)} />
      ) : null}

      <CapacityHistory openId={openId} onOpen={open} />
    </div>
  );
}
