// The register layout (spec 01 §2.2): the sign-in frame on Ant Design.
import { AntdProvider } from '@/components/AntdProvider';
import { AuthFrame } from '@/components/auth/AuthFrame';

export default function RegisterLayout({ children }: { children: React.ReactNode }) {
  return (
    <AntdProvider>
      <AuthFrame>{children}</AuthFrame>
    </AntdProvider>
  );
}
