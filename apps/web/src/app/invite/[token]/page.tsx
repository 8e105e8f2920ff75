// /invite/<token> (issue #20): the holder of a new sub-account opens the SMS link and sets the
// password. The token is a secret: the page is not indexed and sends no referrer onwards.
import type { Metadata } from 'next';
import { InviteForm } from './_components/InviteForm';

export const metadata: Metadata = { title: '设置子账号密码', robots: { index: false, follow: false }, referrer: 'no-referrer' };

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  // A token longer than any the server issues is not one; the server answers it as invalid.
  return <InviteForm token={token.slice(0, 128)} />;
}
