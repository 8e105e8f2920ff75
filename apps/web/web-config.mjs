// The web process's settings, read once from the environment and validated. server.mjs and
// the Next app (src/config.ts) both read them from here; nothing else reads process.env.
import { LegalEntityEnv, legalEntityOf } from '@apimarket/contracts/legal-entity';
import { z } from 'zod';

const DEV_REVALIDATE_SECRET = 'apimarket-dev-revalidate-secret';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .default('0')
  .transform((v) => v === '1' || v === 'true');

export const WebEnvSchema = z.object({
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  /** Where the Fastify server listens, as seen from the web process. */
  API_ORIGIN: z.string().url('API_ORIGIN 必须是 http(s):// 地址').optional(),
  WIRE_SIGN_SECRET: z.string().min(8).default('apimarket-dev-sign-secret'),
  WIRE_AES_SECRET: z.string().min(8).default('apimarket-dev-aes-secret'),
  DEV_TOOLS: flag,
  /** 1: the dev tools' pages (/dev/…) also answer browsers other than this machine's. */
  DEV_TOOLS_REMOTE: flag,
  /** The public address of the site, for canonical links and the sitemap. */
  SITE_URL: z.string().url('SITE_URL 必须是 http(s):// 地址').optional(),
  /** The operator's legal entity (COMPANY_NAME, COMPANY_CREDIT_CODE, ICP_RECORD, PSB_RECORD[_URL]), shared with the API. */
  ...LegalEntityEnv.shape,
  /** Decision 1: the free-trial headline of the banner and the trial dialog. */
  TRIAL_HEADLINE: z.string().min(1).default('限时免费1000+次API调用'),
  /** Decision 4: online consultation chat pages; the second serves the paths listed below. */
  CHAT_URL: z.string().url('CHAT_URL 必须是 http(s):// 地址').optional(),
  CHAT_URL_ALT: z.string().url('CHAT_URL_ALT 必须是 http(s):// 地址').optional(),
  CHAT_ALT_PATHS: z.string().default('/dataIntoTable,/deepSeek'),
  /** Spec 01 §2.6: the footer's partner data exchange (hidden when the URL is empty). */
  PARTNER_EXCHANGE_NAME: z.string().default('上海数据交易所'),
  PARTNER_EXCHANGE_URL: z.union([z.string().url('PARTNER_EXCHANGE_URL 必须是 http(s):// 地址'), z.literal('')]).default('https://www.chinadep.com/'),
  /** The WeChat consultation QR image shown on hover (hidden when unset). */
  WECHAT_QR_IMAGE: z.string().default(''),
  /** Decision 2: words removed from API names in footer lists, comma-separated. */
  FOOTER_STRIP_WORDS: z.string().default('高速'),
  /**
   * Decision 11: the vehicle maps draw offline (province outlines) unless a tile address is set,
   * e.g. a provider's raster tiles with its key: https://host/tiles/{z}/{x}/{y}.png?key=…
   * ({s} picks one of MAP_TILES_SUBDOMAINS).
   */
  MAP_TILES_URL: z.union([z.string().url('MAP_TILES_URL 必须是 http(s):// 地址'), z.literal('')]).default(''),
  /** The tiles' coordinate system: gcj02 (高德, 腾讯) or wgs84 (天地图, OpenStreetMap). */
  MAP_TILES_CRS: z.enum(['gcj02', 'wgs84']).default('gcj02'),
  MAP_TILES_SUBDOMAINS: z.string().default(''),
  /** The provider's attribution and map review number (审图号) shown on the map. */
  MAP_TILES_ATTRIBUTION: z.string().default(''),
  /** Shared with the API: the console's publish asks POST /__revalidate to refresh pages with it. */
  REVALIDATE_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16, 'REVALIDATE_SECRET 至少 16 个字符').default(DEV_REVALIDATE_SECRET)),
});

/**
 * @param {Record<string, string | undefined>} env
 */
export function loadWebConfig(env = process.env) {
  const parsed = WebEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`网站配置无效:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    host: e.HOST,
    port: e.PORT,
    apiOrigin: (e.API_ORIGIN ?? `http://127.0.0.1:${e.API_PORT}`).replace(/\/$/, ''),
    wire: { signSecret: e.WIRE_SIGN_SECRET, aesSecret: e.WIRE_AES_SECRET },
    devTools: e.DEV_TOOLS,
    devToolsRemote: e.DEV_TOOLS_REMOTE,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    /** The footer's and the agreements' operator; examples (「示例：…」) while unset. */
    legalEntity: legalEntityOf(e),
    trialHeadline: e.TRIAL_HEADLINE,
    contact: {
      chatUrl: e.CHAT_URL ?? '',
      chatUrlAlt: e.CHAT_URL_ALT ?? '',
      chatAltPaths: e.CHAT_ALT_PATHS.split(',')
        .map((p) => p.trim())
        .filter(Boolean),
      wechatQrImage: e.WECHAT_QR_IMAGE,
    },
    partnerExchange: e.PARTNER_EXCHANGE_URL ? { name: e.PARTNER_EXCHANGE_NAME, url: e.PARTNER_EXCHANGE_URL } : null,
    footerStripWords: e.FOOTER_STRIP_WORDS.split(',')
      .map((w) => w.trim())
      .filter(Boolean),
    map: e.MAP_TILES_URL ? { tilesUrl: e.MAP_TILES_URL, crs: e.MAP_TILES_CRS, subdomains: e.MAP_TILES_SUBDOMAINS, attribution: e.MAP_TILES_ATTRIBUTION } : null,
    // The public development value opens /__revalidate only with DEV_TOOLS on; otherwise the
    // route refuses every call (null) until the deployment sets its own secret.
    revalidateSecret: e.DEV_TOOLS || e.REVALIDATE_SECRET !== DEV_REVALIDATE_SECRET ? e.REVALIDATE_SECRET : null,
  };
}
