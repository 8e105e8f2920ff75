// The root layout: document shell, design tokens as CSS custom properties, and the frame's
// client behaviours (loading bar, chunk-reload guard). Layout groups add header and footer.
import type { Metadata, Viewport } from 'next';
import { Suspense } from 'react';
import { ChunkReloadGuard } from '../components/frame/ChunkReloadGuard';
import { LoadingBar } from '../components/frame/LoadingBar';
import { webConfig } from '../config';
import { company } from '../content/company';
import { SHARE_IMAGE } from '../lib/share-image';
import { tokens, tokensToCss } from '../styles/tokens';
import './globals.css';

export const metadata: Metadata = {
  title: { default: `${company.brand} - ${company.slogan}`, template: `%s - ${company.brand}` },
  description: '数据API市场提供身份核验、人脸识别、OCR、银行卡、手机号、车辆、企业工商、保险风控、物流与司法等企业级数据接口，统一接入，按量计费，安全合规。',
  applicationName: company.brand,
  formatDetection: { telephone: false },
  // favicon.ico and apple-icon.png sit beside this file (drawn by scripts/brand-images.mjs).
  icons: { icon: [{ url: '/favicon.svg', type: 'image/svg+xml' }], apple: '/apple-icon.png' },
  // Share cards: every page inherits these; Next fills og:title and og:description from the
  // page's own title and description. A page that sets `openGraph` itself replaces the whole
  // object, so it must repeat `images`.
  openGraph: {
    type: 'website',
    locale: 'zh_CN',
    siteName: company.brand,
    images: [SHARE_IMAGE],
  },
  twitter: { card: 'summary_large_image' },
  // Canonical links are absolute addresses on the public site (SITE_URL).
  metadataBase: new URL(webConfig.siteUrl),
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: tokens.color.primary,
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="zh-CN">
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: generated from our own tokens */}
        <style dangerouslySetInnerHTML={{ __html: tokensToCss() }} />
      </head>
      <body>
        <Suspense fallback={null}>
          <LoadingBar />
        </Suspense>
        <ChunkReloadGuard />
        {children}
      </body>
    </html>
  );
}
