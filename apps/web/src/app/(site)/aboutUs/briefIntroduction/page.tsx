// /aboutUs/briefIntroduction (spec 01 §2.1): a content page; its copy lives in content/pages.
import { ContentRoute, contentMetadata } from '@/components/sections/route';

const PATH = '/aboutUs/briefIntroduction';
export const metadata = contentMetadata(PATH);
// Built once, regenerated from the live API at most every five minutes (components/sections/route.tsx).
export const revalidate = 300;

export default function Page() {
  return <ContentRoute path={PATH} />;
}
