// The invitation layout: the sign-in frame of /login and /register, so the page where a
// sub-account's holder sets the first password looks like the site's other account pages.
import { AntdProvider } from '@/components/AntdProvider';
import { AuthFrame } from '@/components/auth/AuthFrame';

export default function InviteLayout({ children }: { children: React.ReactNode }) {
  return (
    <AntdProvider>
      <AuthFrame>{children}</AuthFrame>
    </AntdProvider>
  );
}
