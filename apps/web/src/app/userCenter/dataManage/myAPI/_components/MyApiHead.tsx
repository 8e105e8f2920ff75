// The head of 我的API: the free test quota left for trying interfaces (Decision 1, issue #8) and
// the way to buy another interface (购买接口). Rendered on the server with the visitor's session.
import { trialApi } from '@apimarket/contracts';
import Link from 'next/link';
import { serverCallData } from '@/lib/api/server';
import { ucHref } from '@/lib/user-center';
import styles from './my-api-head.module.css';

export async function MyApiHead() {
  const trial = await serverCallData(trialApi.state, {}, { withSession: true });
  return (
    <div className={styles.head}>
      <p className={styles.quota} data-testid="trial-quota">
        {trial === null ? (
          '免费测试额度暂时无法读取'
        ) : (
          <>
            免费测试剩余 <strong>{trial.quotaLeft.toLocaleString('zh-CN')}</strong> 次
            <span className={styles.note}>{trial.quotaLeft > 0 ? '：在标有「免费试用」的接口上领取，每个接口限领一次' : '：已用完，购买套餐后继续调用'}</span>
          </>
        )}
      </p>
      <Link href={ucHref('dataManage/myAPI/purchase')} className={styles.buy}>
        购买接口
      </Link>
    </div>
  );
}
