'use client';
// 货车险分析 (9963) and 客车险模型 (9965): the model's line, the plate form, and the result of the
// query just made — or of a past one the address names (?id=, reopened from its log without a new
// charge). Nothing is asked until the person presses 评分: every ask is a charged call.
import { INSURANCE_INTERFACES, INSURANCE_MODEL_LABEL, insuranceApi, type BusScore, type TruckScore } from '@apimarket/contracts';
import { Alert, App, Button, Card, Skeleton, Tag } from 'antd';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import type { MapTiles } from '@/components/map/FleetMap';
import { EmptyState } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { useCall, useCallMutation } from '@/lib/api/query';
import styles from './insurance.module.css';
import { MODEL_LOG_HREF } from './insurance-words';
import { ModelLine, modelBlocked, NeedModel, useInsuranceModels } from './ModelGate';
import { PlateForm } from './PlateForm';
import { VehicleResult } from './VehicleResult';

type Kind = 'truck' | 'bus';
const WORDS: Record<Kind, { title: string; vehicle: string; color: number; factors: string }> = {
  truck: { title: '货车风险评分', vehicle: '货车', color: 2, factors: '月均里程、夜间行驶占比、超速、疲劳驾驶、行驶区域' },
  bus: { title: '客车风险评分', vehicle: '客车', color: 2, factors: '夜间长途占比、山区道路占比、超速、疲劳驾驶、停靠规律' },
};

export function VehicleScreen({ kind, tiles }: { kind: Kind; tiles: MapTiles }) {
  const { message } = App.useApp();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const models = useInsuranceModels();
  const state = models.of(kind);
  const w = WORDS[kind];
  const [fresh, setFresh] = useState<TruckScore | BusScore | null>(null);
  const openId = Number(params.get('id')) || 0;
  const stored = useCall(insuranceApi.accessLog, { id: openId }, { enabled: openId > 0 && fresh?.id !== openId, quiet: true });
  const storedResult = stored.data?.data ? (kind === 'truck' ? stored.data.data.truck : stored.data.data.bus) : null;
  const shown = fresh && fresh.id === openId ? fresh : openId > 0 ? storedResult : fresh;

  const score = useCallMutation(kind === 'truck' ? insuranceApi.truckScore : insuranceApi.busScore, {
    invalidates: [insuranceApi.models, insuranceApi.accessHistory, insuranceApi.busLog, insuranceApi.zoneData],
    onSuccess: (reply) => {
      setFresh(reply.data);
      router.replace(`${pathname}?id=${reply.data.id}`, { scroll: false });
      if (reply.data.success) void message.success(reply.msg || '评分完成');
      else void message.warning(reply.msg || '模型未返回评分，本次查询未计费');
    },
  });

  const logLink = (
    <Link href={MODEL_LOG_HREF[kind]} data-testid={`${kind}-log-link`}>
      查询记录
    </Link>
  );

  if (modelBlocked(models, kind)) {
    return (
      <div className={panel.page}>
        <ModelLine model={kind} />
        <NeedModel model={kind} state={state} title={w.title} />
      </div>
    );
  }

  return (
    <div className={panel.page}>
      <ModelLine model={kind} />
      <Card title={w.title} extra={logLink}>
        <p className={panel.note}>
          输入{w.vehicle}的车牌号和车牌颜色，调用一次「{state?.interfaceName ?? INSURANCE_MODEL_LABEL[kind]}」（{INSURANCE_INTERFACES[kind]}
          ）接口，得到 0–100 的风险评分（分数越高风险越高）和 A–E 等级，以及{w.factors}等风险因子、常跑线路和行驶周期。成功评分计费 1
          次；模型未返回评分的查询不计费。
        </p>
        <PlateForm
          testId={`${kind}-form`}
          defaultColor={w.color}
          pending={score.isPending}
          disabled={!models.loading && !models.failed && !state?.usable}
          submitText="评分"
          onSubmit={(v) => score.mutate(v)}
        />
        {models.failed ? (
          <Alert
            type="error"
            showIcon
            className={styles.gap}
            title="模型状态暂时无法读取"
            action={
              <Button size="small" onClick={() => window.location.reload()}>
                刷新
              </Button>
            }
          />
        ) : null}
        {openId > 0 && stored.isError && !shown ? <Alert type="warning" showIcon className={styles.gap} title="未找到该查询记录，请重新评分" /> : null}
      </Card>
      {shown ? (
        <VehicleResult key={shown.id} result={shown} tiles={tiles} kind={kind} />
      ) : openId > 0 && stored.isPending ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : !score.isPending ? (
        <Card>
          <EmptyState
            testId={`${kind}-idle`}
            title={`输入车牌后为${w.vehicle}评分`}
            text={
              <>
                评分结果会列出风险因子、常跑线路地图和行驶周期；每次评分都记入查询记录，可随时免费查看
                {state?.usable ? <Tag className={styles.left}>剩余 {state.callsLeft.toLocaleString('zh-CN')} 次</Tag> : null}
              </>
            }
          />
        </Card>
      ) : null}
    </div>
  );
}
