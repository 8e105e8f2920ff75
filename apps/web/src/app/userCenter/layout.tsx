// The user center (spec 02 §2): antd is mounted here and on no public layout. On a full load
// the account's state, menu codes and qualification are read on the server, so the side bar
// and the gate (spec 02 §4) are right in the first HTML; the shell keeps the gate afterwards.
import { accountApi, entitlementsApi, identityApi, qualificationApi } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AntdProvider } from '@/components/AntdProvider';
import { UserCenterShell } from '@/components/user-center/UserCenterShell';
import { serverCallData } from '@/lib/api/server';
import { gate, UC, UC_PATH_HEADER } from '@/lib/user-center';

export const metadata: Metadata = { title: { default: '用户中心', template: '%s - 用户中心 - 数据API市场' }, robots: { index: false } };

export default async function UserCenterLayout({ children }: { children: React.ReactNode }) {
  const path = (await headers()).get(UC_PATH_HEADER) ?? UC;
  const [user, codes, qualified, truck] = await Promise.all([
    serverCallData(identityApi.loginState, undefined, { withSession: true }),
    serverCallData(accountApi.menu, undefined, { withSession: true }),
    serverCallData(qualificationApi.check, undefined, { withSession: true }),
    serverCallData(entitlementsApi.truckModel, undefined, { withSession: true }),
  ]);
  // Spec 02 §4, §8: a failed user-state load means anonymous; failed menu, qualification or
  // truck interface loads mean empty and false.
  const access = { codes: codes ?? [], qualified: qualified === true, truckModel: truck === true };
  const verdict = user ? gate(path, { loggedIn: true, ...access }) : gate(path, { loggedIn: false });
  if (verdict.kind === 'redirect') redirect(verdict.to);
  if (!user) redirect('/login');

  return (
    <AntdProvider>
      <UserCenterShell initial={{ user, ...access }}>{children}</UserCenterShell>
    </AntdProvider>
  );
}
