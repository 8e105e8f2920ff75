// /protocol (spec 01 §2.1): a content page; its copy lives in content/pages/legal.ts and names the
// configured operator (COMPANY_NAME, COMPANY_CREDIT_CODE).
import { ContentPage } from '@/components/sections/Sections';
import { contentMetadata } from '@/components/sections/route';
import { webConfig } from '@/config';
import { legalPageFor } from '@/content/pages/legal';

const PATH = '/protocol';
export const metadata = contentMetadata(PATH);
// Built once, regenerated from the live API at most every five minutes (components/sections/route.tsx).
export const revalidate = 300;

export default function Page() {
  return <ContentPage page={legalPageFor(PATH, webConfig.legalEntity)} />;
}
