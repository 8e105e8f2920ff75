'use client';
// Which insurance models the account can use (UserCenter/insuranceModels): the line at the top of
// each model screen (usable with the calls left, or the way to buy it), and the screen's place when
// its model is not bought — naming the interface, what it answers, and links to its page and to buy.
import { INSURANCE_INTERFACES, INSURANCE_MSG, type InsuranceModel, insuranceApi, type ModelState } from '@apimarket/contracts';
import { Button, Card, Skeleton, Space, Tag, Tooltip } from 'antd';
import Link from 'next/link';
import { EmptyState } from '@/components/user-center/ListTable';
import { useCall } from '@/lib/api/query';
import styles from './insurance.module.css';
import { buyHref, interfaceHref } from './insurance-words';

export function useInsuranceModels() {
  const q = useCall(insuranceApi.models, undefined, { quiet: true });
  const rows = q.data?.data ?? [];
  return {
    loading: q.isPending,
    failed: q.isError && !q.data,
    models: rows,
    of: (model: InsuranceModel) => rows.find((m) => m.model === model),
  };
}

const WHAT: Record<InsuranceModel, string> = {
  truck: '按车牌给货车评分，列出风险因子、常跑线路和行驶周期',
  fleet: '按企业名称或统一社会信用代码给货运车队评分',
  bus: '按车牌给客车评分，列出客车风险因子、常跑线路和行驶周期',
};

/** The model's interface, bought and usable (calls left) or not, with its link. */
export function ModelLine({ model }: { model: InsuranceModel }) {
  const m = useInsuranceModels();
  const s = m.of(model);
  if (m.loading) return <Skeleton.Input active block className={styles.lineSkeleton} />;
  if (!s) return null;
  return (
    <div className={styles.modelLine} data-testid={`model-line-${model}`}>
      <span className={styles.modelName}>
        <Link href={interfaceHref(model)}>
          {s.interfaceName}（{s.interfaceId}）
        </Link>
        <span className={styles.modelUse}>{WHAT[model]}</span>
      </span>
      <ModelStateTag state={s} />
    </div>
  );
}

function ModelStateTag({ state }: { state: ModelState }) {
  if (state.usable)
    return (
      <Space size={4} wrap>
        <Tag color="success">可用</Tag>
        <span className={styles.callsLeft} data-testid={`model-${state.model}-left`}>
          剩余 {state.callsLeft.toLocaleString('zh-CN')} 次
        </span>
      </Space>
    );
  const bought = state.purchaseId !== null;
  return (
    <Space size={4} wrap>
      {bought ? (
        <Tooltip title={state.reason}>
          <Tag color="warning">{state.reason || '不可用'}</Tag>
        </Tooltip>
      ) : (
        <Tag>未购买</Tag>
      )}
      <Link href={buyHref(state.model)}>{bought ? '续购' : '去购买'}</Link>
    </Space>
  );
}

/** The model screen when its interface is not usable: which interface, why, and where to buy it. */
export function NeedModel({ model, state, title }: { model: InsuranceModel; state: ModelState | undefined; title: string }) {
  const bought = state?.purchaseId != null;
  const name = state?.interfaceName ?? '';
  return (
    <Card title={title}>
      <EmptyState
        testId={`need-model-${model}`}
        title={bought ? `「${name}」暂不可用：${state?.reason || '剩余次数不足'}` : INSURANCE_MSG.need(model)}
        text={`每次评分都是对「${name}」（${INSURANCE_INTERFACES[model]}）接口的一次真实调用，按接口的计费规则扣减调用次数；模型未返回评分的查询不计费。${bought ? '续购后即可继续评分。' : `购买后即可${WHAT[model]}。`}`}
        action={
          <Space wrap className={styles.center}>
            <Link href={buyHref(model)}>
              <Button type="primary">
                {bought ? '续购' : '购买'}「{name}」
              </Button>
            </Link>
            <Link href={interfaceHref(model)} data-testid={`need-model-${model}-detail`}>
              <Button>查看接口说明</Button>
            </Link>
          </Space>
        }
      />
    </Card>
  );
}

/** A model screen's state: still loading, failed to load, blocked (not usable) or ready. */
export function modelBlocked(m: ReturnType<typeof useInsuranceModels>, model: InsuranceModel): boolean {
  const s = m.of(model);
  return !m.loading && !m.failed && s !== undefined && !s.usable;
}
