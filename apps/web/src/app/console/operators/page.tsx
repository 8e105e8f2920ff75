// /console/operators: the console's own accounts (admin only).
import type { Metadata } from 'next';
import { Operators } from './_components/Operators';

export const metadata: Metadata = { title: '运营账号' };

export default function OperatorsPage() {
  return <Operators />;
}
