// The share card image (public/og.png, drawn by scripts/brand-images.mjs). The root layout names
// it; a page that sets its own `openGraph` replaces the layout's whole object, so it names it too.
import { company } from '../content/company';

export const SHARE_IMAGE = { url: '/og.png', width: 1200, height: 630, alt: `${company.brand} - 一站式企业数据 API 服务平台` } as const;
