// robots.txt: public pages open to crawlers; account, search results and tools are not.
import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { webConfig } from '../config';

export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection(); // the site address is a runtime setting
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/apiHome/', '/userCenter', '/login', '/register', '/dev/', '/apiSearch', '/ApiSearch'] }],
    sitemap: `${webConfig.siteUrl}/sitemap.xml`,
  };
}
