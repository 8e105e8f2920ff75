// /console/catalogue: the catalogue editor — interfaces, their documentation and price packages,
// and putting them on or off sale (area `catalogue`: editors and admins). The list's filters
// are in the address.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Catalogue } from './_components/Catalogue';

export const metadata: Metadata = { title: '接口与套餐' };

export default function CataloguePage() {
  return (
    <Suspense fallback={null}>
      <Catalogue />
    </Suspense>
  );
}
