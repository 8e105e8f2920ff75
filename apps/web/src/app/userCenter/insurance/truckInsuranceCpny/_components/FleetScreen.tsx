'use client';
// 货运车队企业模型 (9964): a fleet company by its name, its 统一社会信用代码 or both (checked with
// the contract's FleetScoreInput before anything is sent), scored in one charged call; the result of
// the query just made, or of a past one the address names (?id=, reopened without a new charge).
import { type FleetScore, FleetScoreInput, INSURANCE_INTERFACES, insuranceApi } from '@apimarket/contracts';
import { Alert, App, Button, Card, Form, Grid, Input, Skeleton, Tag } from 'antd';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { EmptyState } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { useCall, useCallMutation } from '@/lib/api/query';
import { FleetResult } from '../../_shared/FleetResult';
import styles from '../../_shared/insurance.module.css';
import { FLEET_LOG_HREF } from '../../_shared/insurance-words';
import { ModelLine, modelBlocked, NeedModel, useInsuranceModels } from '../../_shared/ModelGate';

type Errors = Partial<Record<'companyName' | 'creditCode', string>>;

/** The form's fields as the server will read them, or each field's first message. */
export function checkFleetForm(companyName: string, creditCode: string): { input: FleetScoreInput | null; errors: Errors } {
  const parsed = FleetScoreInput.safeParse({ companyName, creditCode });
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'creditCode' ? 'creditCode' : 'companyName';
    errors[field] ??= issue.message;
  }
  return { input: null, errors };
}

export function FleetScreen() {
  const { message } = App.useApp();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const models = useInsuranceModels();
  const state = models.of('fleet');
  const wide = Grid.useBreakpoint().md !== false;
  const [companyName, setCompanyName] = useState('');
  const [creditCode, setCreditCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [fresh, setFresh] = useState<FleetScore | null>(null);
  const openId = Number(params.get('id')) || 0;
  const stored = useCall(insuranceApi.accessLog, { id: openId }, { enabled: openId > 0 && fresh?.id !== openId, quiet: true });
  const shown = fresh && fresh.id === openId ? fresh : openId > 0 ? (stored.data?.data.fleet ?? null) : fresh;

  const score = useCallMutation(insuranceApi.fleetScore, {
    invalidates: [insuranceApi.models, insuranceApi.fleetLog, insuranceApi.accessHistory, insuranceApi.zoneData],
    onSuccess: (reply) => {
      setFresh(reply.data);
      router.replace(`${pathname}?id=${reply.data.id}`, { scroll: false });
      if (reply.data.success) void message.success(reply.msg || '评分完成');
      else void message.warning(reply.msg || '模型未返回评分，本次查询未计费');
    },
  });

  const submit = () => {
    const { input, errors: found } = checkFleetForm(companyName, creditCode);
    setErrors(found);
    if (input) score.mutate(input);
  };

  if (modelBlocked(models, 'fleet')) {
    return (
      <div className={panel.page}>
        <ModelLine model="fleet" />
        <NeedModel model="fleet" state={state} title="货运车队企业评分" />
      </div>
    );
  }

  return (
    <div className={panel.page}>
      <ModelLine model="fleet" />
      <Card
        title="货运车队企业评分"
        extra={
          <Link href={FLEET_LOG_HREF} data-testid="fleet-log-link">
            查询记录
          </Link>
        }
      >
        <p className={panel.note}>
          输入货运企业的名称或统一社会信用代码（填写其一即可，两项都填更准确），调用一次「{state?.interfaceName ?? '货车车队风险评分模型'}」（
          {INSURANCE_INTERFACES.fleet}）接口，得到车队的风险评分与等级、营运车辆数、高风险车辆占比和风险因子。成功评分计费 1 次；模型未返回评分的查询不计费。
        </p>
        <Form layout={wide ? 'inline' : 'vertical'} onFinish={submit} requiredMark={false} className={styles.plateForm}>
          <Form.Item label="企业名称" validateStatus={errors.companyName ? 'error' : undefined} help={errors.companyName} className={styles.companyField}>
            <Input
              value={companyName}
              onChange={(e) => setCompanyName(e.target.value)}
              placeholder="如 杭州顺丰速运有限公司"
              maxLength={60}
              allowClear
              data-testid="fleet-company"
            />
          </Form.Item>
          <Form.Item label="统一社会信用代码" validateStatus={errors.creditCode ? 'error' : undefined} help={errors.creditCode} className={styles.codeField}>
            <Input
              value={creditCode}
              onChange={(e) => setCreditCode(e.target.value.toUpperCase())}
              placeholder="18 位代码"
              maxLength={18}
              allowClear
              spellCheck={false}
              data-testid="fleet-code"
            />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              loading={score.isPending}
              disabled={!models.loading && !models.failed && !state?.usable}
              data-testid="fleet-submit"
            >
              评分
            </Button>
          </Form.Item>
        </Form>
        {models.failed ? <Alert type="error" showIcon className={styles.gap} title="模型状态暂时无法读取，请刷新页面" /> : null}
        {openId > 0 && stored.isError && !shown ? <Alert type="warning" showIcon className={styles.gap} title="未找到该查询记录，请重新评分" /> : null}
      </Card>
      {shown ? (
        <FleetResult key={shown.id} result={shown} />
      ) : openId > 0 && stored.isPending ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : !score.isPending ? (
        <Card>
          <EmptyState
            testId="fleet-idle"
            title="输入企业名称或信用代码后为车队评分"
            text={
              <>
                评分结果会列出车队的风险等级、车辆构成和风险因子；每次评分都记入查询记录，可随时免费查看
                {state?.usable ? <Tag className={styles.left}>剩余 {state.callsLeft.toLocaleString('zh-CN')} 次</Tag> : null}
              </>
            }
          />
        </Card>
      ) : null}
    </div>
  );
}
