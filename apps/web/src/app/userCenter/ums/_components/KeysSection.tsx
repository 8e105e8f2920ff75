'use client';
// 接口密钥 (docs/api-secrets.md): the AppKey and account secret, the sign and encrypt modes, and
// the RSA keys, read together when the tab first opens. An account whose company is not
// authenticated is answered ALL_0060 by every one of these calls: the tab then says so.
import type { AppKeyView, AsymmetryView, EncryptSignView } from '@apimarket/contracts';
import { Alert, Card, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useUserCenter } from '../../../../components/user-center/UserCenterContext';
import { request } from '../../../../lib/api/client';
import styles from '../ums.module.css';
import { ModesCard } from './ModesCard';
import { LoadFailed, NeedsQualification } from './Notices';
import { RsaCard } from './RsaCard';
import { SecretCard } from './SecretCard';
import { loadFailure, needsQualification } from './shared';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'needsQualification'; message: string }
  | { kind: 'ready'; appKey: AppKeyView; modes: EncryptSignView; rsa: AsymmetryView };

// Read in the background: a failure shows the retry notice here rather than a toast per call.
const read = { encrypt: true, silent: true } as const;

export function KeysSection() {
  const { user } = useUserCenter();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const fail = useCallback((err: unknown) => {
    setState(needsQualification(err) ? { kind: 'needsQualification', message: err.message } : { kind: 'failed', message: loadFailure(err) });
  }, []);

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const [appKey, modes, rsa] = await Promise.all([
        request<{ data: AppKeyView }>('myAccount/myAppKey', read),
        request<{ data: EncryptSignView }>('myAccount/encryptSign', read),
        request<{ data: AsymmetryView }>('myAccount/asymmetrySecret', read),
      ]);
      setState({ kind: 'ready', appKey: appKey.data, modes: modes.data, rsa: rsa.data });
    } catch (err) {
      fail(err);
    }
  }, [fail]);
  useEffect(() => void load(), [load]);

  /** An action refused with ALL_0060 (the authentication was revoked meanwhile) turns the tab into the notice. */
  const onQualificationLost = useCallback((message: string) => setState({ kind: 'needsQualification', message }), []);

  if (state.kind === 'loading') {
    return (
      <div className={styles.stack} aria-busy="true">
        {['AppKey 与账号密钥', '签名与加密方式', 'RSA 公私钥'].map((title) => (
          <Card key={title} title={title} variant="outlined">
            <Skeleton active title={false} paragraph={{ rows: 3 }} />
          </Card>
        ))}
      </div>
    );
  }
  if (state.kind === 'needsQualification') return <NeedsQualification title={state.message} />;
  if (state.kind === 'failed') return <LoadFailed title="接口密钥暂时无法加载" reason={state.message} onRetry={() => void load()} />;

  const { appKey, modes, rsa } = state;
  return (
    <div className={styles.stack}>
      {user.parentNickname ? (
        <Alert
          type="info"
          showIcon
          title={`子账号拥有独立的 AppKey、账号密钥和 RSA 公私钥，与主账号 ${user.parentNickname} 的互不影响。`}
        />
      ) : null}
      <SecretCard
        view={appKey}
        onChange={(next) => setState((s) => (s.kind === 'ready' ? { ...s, appKey: next } : s))}
        onQualificationLost={onQualificationLost}
      />
      <ModesCard
        modes={modes}
        hasSecret={appKey.hasSecret}
        hasCustomerKey={rsa.hasCustomerKey}
        onSaved={(next) => setState((s) => (s.kind === 'ready' ? { ...s, modes: next, appKey: { ...s.appKey, ...next } } : s))}
        onQualificationLost={onQualificationLost}
      />
      <RsaCard
        view={rsa}
        onChange={(next) => setState((s) => (s.kind === 'ready' ? { ...s, rsa: next } : s))}
        onQualificationLost={onQualificationLost}
      />
    </div>
  );
}
