'use client';
// The public test console of one interface (/apiTest?id=). Everyone sees the form filled with the
// documentation's sample input and the sample answer. A signed-in account calls for real: through
// its purchase of the interface (bought, or from a trial; a sub-account's through its assignment),
// or, without one, by taking the interface's trial from its free test quota first (Decision 1).
// A call is the user center's test call (onlineApi.test): charged and recorded like any other.
// Plain elements, no antd: the public site's frame does not mount it (Decision 1 of docs/decisions).
import { type ApiTestResult, type FreeTrialState, GATEWAY_SUCCESS, type InterfaceParam, ONLINE_MSG, type OnlineParam, verdictText } from '@apimarket/contracts';
import Link from 'next/link';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { sentParams } from '@/app/userCenter/dataManage/myAPI/apiTest/_components/test-params';
import { request } from '@/lib/api/client';
import { ApiError, serverMessage } from '@/lib/api/errors';
import { signedIn } from '@/lib/signed-in';
import { CONSOLE_MSG, buyHref, consoleStep, isTestable, loginHref, mediaOf, sampleValues } from './trial-console';
import { TrialImageParam } from './TrialImageParam';
import styles from './trial-console.module.css';

export type ConsoleParam = InterfaceParam & { label: string };

type Account = { kind: 'checking' } | { kind: 'anonymous' } | { kind: 'member'; state: FreeTrialState };
type Answer = { code: string; message: string; seqNo: string; data: unknown };
type Shown = { kind: 'sample'; answer: Answer } | { kind: 'real'; result: ApiTestResult };

const ENTERPRISE_AUTH = '/userCenter/enterpriseAuth';
const MY_API = '/userCenter/dataManage/myAPI';

/** The sample answer as stored may lack fields: shown with the same four as a real one. */
function asAnswer(sample: unknown): Answer {
  const s = (sample ?? {}) as Record<string, unknown>;
  return { code: String(s.code ?? ''), message: String(s.message ?? ''), seqNo: String(s.seqNo ?? ''), data: s.data ?? null };
}

async function readState(interfaceId: number): Promise<FreeTrialState> {
  const { trialApi } = await import('@apimarket/contracts');
  return (await request(trialApi.state, { interfaceId }, { loginStateCheck: true, silent: true })).data;
}

export function TrialConsole({
  interfaceId,
  interfaceName,
  trialCalls,
  params,
  sampleRequest,
  sample,
  intercepted,
}: {
  interfaceId: number;
  interfaceName: string;
  trialCalls: number;
  params: ConsoleParam[];
  sampleRequest: Record<string, string>;
  sample: unknown;
  intercepted: boolean;
}) {
  const [account, setAccount] = useState<Account>({ kind: 'checking' });
  const [values, setValues] = useState(() => sampleValues(params, sampleRequest));
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const [shown, setShown] = useState<Shown>({ kind: 'sample', answer: asAnswer(sample) });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [unqualified, setUnqualified] = useState(false);
  const [granted, setGranted] = useState(0);
  const answerRef = useRef<HTMLElement>(null);
  const testable = isTestable(params);
  const hasImage = params.some((p) => mediaOf(p) === 'image');

  useEffect(() => {
    if (!signedIn()) {
      setAccount({ kind: 'anonymous' });
      return;
    }
    // A stale session reads as anonymous: the login link brings the visitor back here.
    readState(interfaceId)
      .then((state) => setAccount({ kind: 'member', state }))
      .catch(() => setAccount({ kind: 'anonymous' }));
  }, [interfaceId]);

  const step = account.kind === 'member' ? consoleStep(account.state) : null;

  const check = (): boolean => {
    const problems: Record<string, string> = {};
    for (const p of params) {
      if (!p.required || mediaOf(p) === 'video') continue;
      if ((values[p.name] ?? '').trim() === '') problems[p.name] = mediaOf(p) === 'image' ? `请上传${p.label}` : `请输入${p.label}`;
    }
    setInvalid(problems);
    return Object.keys(problems).length === 0;
  };

  const run = async (e: FormEvent) => {
    e.preventDefault();
    if (account.kind !== 'member' || step === null || step.kind === 'blocked' || !check()) return;
    setBusy(true);
    setError('');
    let state = account.state;
    try {
      const { onlineApi, trialApi } = await import('@apimarket/contracts');
      if (step.kind === 'take') {
        const taken = (await request(trialApi.take, { interfaceId })).data;
        setGranted(taken.calls);
        state = await readState(interfaceId);
        setAccount({ kind: 'member', state });
      }
      if (state.purchaseId === null) throw new Error('no purchase after the trial');
      const online: OnlineParam[] = params.map((p) => ({ ...p, media: mediaOf(p) }));
      const res = await request(onlineApi.test, { purchaseId: state.purchaseId, params: JSON.stringify(sentParams(online, values)) });
      setShown({ kind: 'real', result: res.data });
      setAccount({ kind: 'member', state: { ...state, callsLeft: res.data.callsLeft, usable: res.data.callsLeft > 0 } });
      // Below the two-column width the answer is under the form, out of sight.
      if (window.matchMedia('(max-width: 1023px)').matches) {
        window.requestAnimationFrame(() => answerRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
      }
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ALL_0060') setUnqualified(true);
      else setError(serverMessage(err) ?? (err instanceof ApiError ? '' : '调用未完成，请刷新页面后重试'));
      // Another tab may have taken the trial or used the calls: show what is true now.
      readState(interfaceId)
        .then((s) => setAccount({ kind: 'member', state: s }))
        .catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  const set = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (invalid[name]) setInvalid(({ [name]: _, ...rest }) => rest);
  };

  return (
    <div className={styles.console}>
      <Status account={account} interfaceId={interfaceId} trialCalls={trialCalls} unqualified={unqualified} granted={granted} testable={testable} />
      <div className={styles.bench}>
        <section className={styles.card} aria-labelledby="trial-form-title">
          <div className={styles.cardHead}>
            <h2 id="trial-form-title">请求参数</h2>
            <button type="button" className={styles.textButton} onClick={() => setValues(sampleValues(params, sampleRequest))} disabled={busy}>
              填入示例
            </button>
          </div>
          <form onSubmit={(e) => void run(e)} noValidate data-testid="trial-form">
            {params.map((p) => (
              <ParamField key={p.name} param={p} value={values[p.name] ?? ''} problem={invalid[p.name]} disabled={busy} onChange={(v) => set(p.name, v)} />
            ))}
            {params.length === 0 ? <p className={styles.note}>该接口没有业务参数，直接调用即可。</p> : null}
            {hasImage ? <p className={styles.note}>图片参数不提供示例，请上传一张真实图片（JPG 或 PNG，不超过 700KB）。</p> : null}
            <Action account={account} step={step} busy={busy} testable={testable} interfaceId={interfaceId} unqualified={unqualified} />
            {error ? (
              <p className={styles.error} role="alert" data-testid="trial-error">
                {error}
              </p>
            ) : null}
          </form>
        </section>

        <section className={styles.card} ref={answerRef} aria-labelledby="trial-answer-title">
          <div className={styles.cardHead}>
            <h2 id="trial-answer-title">{shown.kind === 'sample' ? '返回示例' : '返回结果'}</h2>
            {shown.kind === 'sample' ? (
              <span className={styles.sampleTag}>文档示例，非真实调用</span>
            ) : (
              <span className={styles.note}>耗时 {shown.result.latencyMs.toLocaleString('zh-CN')} ms</span>
            )}
          </div>
          {shown.kind === 'sample' ? (
            <AnswerView answer={shown.answer} intercepted={intercepted} testId="trial-sample" />
          ) : (
            <AnswerView answer={shown.result.answer} intercepted={intercepted} testId="trial-result">
              <div>
                <dt>调用次数</dt>
                <dd data-testid="trial-charged">
                  {shown.result.charged ? '本次扣减 1 次' : '本次未扣减'}，{interfaceName}剩余 {shown.result.callsLeft.toLocaleString('zh-CN')} 次
                </dd>
              </div>
            </AnswerView>
          )}
        </section>
      </div>
    </div>
  );
}

/** Who is calling and with what: the quota and the purchase's calls left, or why not. */
function Status({
  account,
  interfaceId,
  trialCalls,
  unqualified,
  granted,
  testable,
}: {
  account: Account;
  interfaceId: number;
  trialCalls: number;
  unqualified: boolean;
  granted: number;
  testable: boolean;
}) {
  if (account.kind === 'checking') {
    return (
      <div className={styles.status} aria-busy="true">
        <p className={styles.note}>正在读取账号状态…</p>
      </div>
    );
  }
  if (account.kind === 'anonymous') {
    return (
      <div className={styles.status} data-testid="trial-status">
        <div className={styles.statusText}>
          <strong>请登录后调用</strong>
          <p>
            {trialCalls > 0
              ? `登录并完成企业认证后，可从注册赠送的免费测试额度中领取本接口 ${trialCalls} 次免费调用（每个接口限领一次），在本页真实调用。`
              : '登录后，已购买本接口的账号可在本页真实调用；本接口暂不提供免费试用。'}
          </p>
        </div>
        <div className={styles.statusActions}>
          <Link href={loginHref(interfaceId)} className={styles.primary}>
            登录
          </Link>
          <Link href="/register" className={styles.secondary}>
            免费注册
          </Link>
        </div>
      </div>
    );
  }
  const s = account.state;
  const step = consoleStep(s);
  return (
    <div className={styles.status} data-testid="trial-status">
      <dl className={styles.figures}>
        <div>
          {/* A sub-account draws on nothing of its own: the figure is its main account's (Decision 174). */}
          <dt>{s.subAccount ? '主账号免费测试额度剩余' : '免费测试额度剩余'}</dt>
          <dd data-testid="trial-quota-left">
            <strong>{s.quotaLeft.toLocaleString('zh-CN')}</strong> 次
          </dd>
        </div>
        <div>
          <dt>本接口剩余调用</dt>
          <dd data-testid="trial-calls-left">
            {s.purchaseId === null ? (
              <span className={styles.dim}>未开通</span>
            ) : (
              <>
                <strong>{s.callsLeft.toLocaleString('zh-CN')}</strong> 次
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>本接口免费试用</dt>
          <dd>{s.trialCalls > 0 ? (s.taken ? '已领取' : `${s.trialCalls} 次，未领取`) : '不提供'}</dd>
        </div>
      </dl>
      <div className={styles.statusText} role="status">
        {unqualified ? (
          <p className={styles.warn} data-testid="trial-unqualified">
            {CONSOLE_MSG.unqualified}。<Link href={ENTERPRISE_AUTH}>去企业认证</Link>
          </p>
        ) : !testable ? (
          <p className={styles.warn}>{ONLINE_MSG.videoNotTestable}</p>
        ) : granted > 0 ? (
          <p className={styles.ok}>
            已开通 {granted} 次免费调用，接口 Key 在<Link href={MY_API}>「我的API」</Link>查看。
          </p>
        ) : step.kind === 'call' ? (
          <p>每次调用按接口计费规则扣减本接口的剩余次数，并记入调用记录。</p>
        ) : step.kind === 'take' ? (
          <p>调用前将为您开通本接口 {step.calls} 次免费调用，从免费测试额度中扣除（每个接口限领一次，30 天内有效）。</p>
        ) : (
          <p className={styles.warn} data-testid="trial-blocked">
            {step.message}
            {step.buy ? (
              <>
                。<Link href={buyHref(interfaceId)}>查看套餐与价格</Link>
              </>
            ) : null}
          </p>
        )}
      </div>
    </div>
  );
}

/** The form's button: what a click will do, for who is looking. */
function Action({
  account,
  step,
  busy,
  testable,
  interfaceId,
  unqualified,
}: {
  account: Account;
  step: ReturnType<typeof consoleStep> | null;
  busy: boolean;
  testable: boolean;
  interfaceId: number;
  unqualified: boolean;
}) {
  if (account.kind === 'anonymous') {
    return (
      <div className={styles.actions}>
        <Link href={loginHref(interfaceId)} className={styles.primary} data-testid="trial-login">
          登录后调用
        </Link>
      </div>
    );
  }
  if (unqualified) {
    return (
      <div className={styles.actions}>
        <Link href={ENTERPRISE_AUTH} className={styles.primary}>
          去企业认证
        </Link>
      </div>
    );
  }
  if (step?.kind === 'blocked' && step.buy) {
    return (
      <div className={styles.actions}>
        <Link href={buyHref(interfaceId)} className={styles.primary} data-testid="trial-buy">
          购买套餐
        </Link>
      </div>
    );
  }
  const label = step?.kind === 'take' ? `领取 ${step.calls} 次试用并调用` : '调用';
  return (
    <div className={styles.actions}>
      <button type="submit" className={styles.primary} disabled={busy || !testable || step === null || step.kind === 'blocked'} data-testid="trial-submit">
        {busy ? '调用中…' : label}
      </button>
    </div>
  );
}

function ParamField({
  param: p,
  value,
  problem,
  disabled,
  onChange,
}: {
  param: ConsoleParam;
  value: string;
  problem: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const id = `trial-param-${p.name}`;
  const media = mediaOf(p);
  const hint = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {p.required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
        {p.label}
        {/* A parameter without a Chinese name is shown once, by its name. */}
        {p.label === p.name ? null : <code className={styles.name}>{p.name}</code>}
      </label>
      {media === 'image' ? (
        <TrialImageParam id={id} label={p.label} value={value} onChange={onChange} disabled={disabled} />
      ) : (
        <input
          id={id}
          className={styles.input}
          value={media === 'video' ? '' : value}
          placeholder={media === 'video' ? '视频参数请由您的系统调用时传入' : p.example ? `例：${p.example}` : ''}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled || media === 'video'}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={hint}
        />
      )}
      <p id={hint} className={problem ? styles.fieldError : styles.hint}>
        {problem ?? p.description}
      </p>
    </div>
  );
}

function AnswerView({ answer, intercepted, testId, children }: { answer: Answer; intercepted: boolean; testId: string; children?: React.ReactNode }) {
  const ok = answer.code === GATEWAY_SUCCESS;
  return (
    <div data-testid={testId}>
      <p className={ok ? styles.verdictOk : styles.verdictNo} data-testid={`${testId}-verdict`}>
        {verdictText(answer, intercepted)}
      </p>
      <dl className={styles.answer}>
        <div>
          <dt>返回码</dt>
          <dd>
            <span className={ok ? styles.codeOk : styles.codeNo} data-testid={`${testId}-code`}>
              {answer.code || '—'}
            </span>
          </dd>
        </div>
        <div>
          <dt>返回信息</dt>
          <dd>{answer.message || '—'}</dd>
        </div>
        <div>
          <dt>流水号</dt>
          <dd className={styles.mono}>{answer.seqNo || '—'}</dd>
        </div>
        {children}
      </dl>
      <h3 className={styles.subtitle}>返回数据（data）</h3>
      <pre className={styles.json} data-testid={`${testId}-data`}>
        {JSON.stringify(answer.data ?? null, null, 2)}
      </pre>
    </div>
  );
}
