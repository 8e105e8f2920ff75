// The phone page of a shared track (issue #22): opened from a link or a QR code by someone without
// an account, so no site header, footer or user center around it, and never indexed. The token is
// in the address: the page sends only its origin as referrer, so tile servers never see it.
import type { Metadata } from 'next';
import { AntdProvider } from '@/components/AntdProvider';

export const metadata: Metadata = {
  title: '车辆轨迹分享',
  robots: { index: false, follow: false },
  referrer: 'strict-origin',
};

export default function VehicleTrajectoryH5Layout({ children }: { children: React.ReactNode }) {
  return <AntdProvider>{children}</AntdProvider>;
}
