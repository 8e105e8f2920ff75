// /userCenter/accountManage/product (spec 02 §2 产品分配, issue #20): a main account gives its
// sub-accounts their own keys to its purchases with an allotment of calls, and sees what each used.
// The page only frames the two tabs; the interactive parts are the client leaves in _components.
import type { Metadata } from 'next';
import { ProductAssignment } from './_components/ProductAssignment';

export const metadata: Metadata = { title: '产品分配' };

export default function ProductPage() {
  return <ProductAssignment />;
}
