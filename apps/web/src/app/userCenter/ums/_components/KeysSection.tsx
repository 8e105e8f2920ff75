'use client';
// 接口密钥 (docs/api-secrets.md): the AppKey and account secret, the sign and encrypt modes, and
// the RSA keys, read together when the tab first opens. An account whose company is not
// authenticated is answered ALL_0060 by every one of these calls: the tab then says so.
import { type AppKeyView, type AsymmetryView, type EncryptSignView, keysApi } from '@apimarket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Skeleton } from 'antd';
import { useCallback, useState } from 'react';
import { useUserCenter } from '@/components/user-center/UserCenterContext';
import { callKey, useCall } from '@/lib/api/query';
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
const read = { silent: true, quiet: true } as const;

export function KeysSection() {
  const { user } = useUserCenter();
  const client = useQueryClient();
  const appKey = useCall(keysApi.appKey, {}, read);
  const modes = useCall(keysApi.encryptSign, {}, read);
  const rsa = useCall(keysApi.asymmetrySecret, {}, read);
  /** An action refused with ALL_0060 (the authentication was revoked meanwhile) turns the tab into the notice. */
  const [lost, setLost] = useState<string | null>(null);
  const onQualificationLost = useCallback((message: string) => setLost(message), []);

  // A change answers the new view: it replaces the one on screen (and in the cache) in place.
  const put = {
    appKey: (next: AppKeyView) => client.setQueryData(callKey(keysApi.appKey, {}), (old: typeof appKey.data) => old && { ...old, data: next }),
    modes: (next: EncryptSignView) => client.setQueryData(callKey(keysApi.encryptSign, {}), (old: typeof modes.data) => old && { ...old, data: next }),
    rsa: (next: AsymmetryView) => client.setQueryData(callKey(keysApi.asymmetrySecret, {}), (old: typeof rsa.data) => old && { ...old, data: next }),
  };
  const reload = () => {
    for (const q of [appKey, modes, rsa]) void q.refetch();
  };

  const failure = [appKey, modes, rsa].find((q) => q.isError && !q.isFetching)?.error;
  const state: State = lost
    ? { kind: 'needsQualification', message: lost }
    : failure
      ? needsQualification(failure)
        ? { kind: 'needsQualification', message: failure.message }
        : { kind: 'failed', message: loadFailure(failure) }
      : appKey.data && modes.data && rsa.data
        ? { kind: 'ready', appKey: appKey.data.data, modes: modes.data.data, rsa: rsa.data.data }
        : { kind: 'loading' };

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
  if (state.kind === 'failed') return <LoadFailed title="接口密钥暂时无法加载" reason={state.message} onRetry={reload} />;

  return (
    <div className={styles.stack}>
      {user.parentNickname ? (
        <Alert type="info" showIcon title={`子账号拥有独立的 AppKey、账号密钥和 RSA 公私钥，与主账号 ${user.parentNickname} 的互不影响。`} />
      ) : null}
      <SecretCard view={state.appKey} onChange={put.appKey} onQualificationLost={onQualificationLost} />
      <ModesCard
        modes={state.modes}
        hasSecret={state.appKey.hasSecret}
        hasCustomerKey={state.rsa.hasCustomerKey}
        onSaved={(next) => {
          put.modes(next);
          put.appKey({ ...state.appKey, ...next });
        }}
        onQualificationLost={onQualificationLost}
      />
      <RsaCard view={state.rsa} onChange={put.rsa} onQualificationLost={onQualificationLost} />
    </div>
  );
}
