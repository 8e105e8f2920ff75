// /userCenter/enterpriseAuth (spec 02 §2, §4; Decision 6): the form while there is nothing to
// review, the status page while under review or decided, revoke; and the business contact.
import { qualificationApi } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { serverCallData } from '@/lib/api/server';
import { EnterpriseAuth } from './_components/EnterpriseAuth';

export const metadata: Metadata = { title: '企业认证' };

export default async function EnterpriseAuthPage() {
  const view = await serverCallData(qualificationApi.current, undefined, { withSession: true });
  return <EnterpriseAuth initial={view} />;
}
