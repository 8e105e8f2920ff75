// The brand's design tokens, defined once: the root layout turns them into CSS custom
// properties for the CSS Modules of public pages, and the antd theme reads the same values.
export const tokens = {
  color: {
    primary: '#1d5cff',
    primaryHover: '#4a7dff',
    primaryActive: '#1246d6',
    primarySoft: '#eef3ff',
    accent: '#c8480b',
    accentHover: '#a93c08',
    success: '#0b7a3b',
    warning: '#f5a524',
    danger: '#e5484d',
    text: '#1b2333',
    textSecondary: '#556070',
    textTertiary: '#66707f',
    textInverse: '#ffffff',
    border: '#e3e8f0',
    bg: '#ffffff',
    bgLayout: '#f5f7fb',
    bgDark: '#0d1830',
    bgDarker: '#091226',
  },
  radius: { sm: 4, md: 8, lg: 12, xl: 20 },
  space: { xs: 4, sm: 8, md: 16, lg: 24, xl: 32, xxl: 48, xxxl: 72 },
  font: {
    family:
      '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", "Hiragino Sans GB", -apple-system, BlinkMacSystemFont, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
    mono: '"SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace',
    size: { sm: 12, base: 14, md: 16, lg: 20, xl: 28, xxl: 40 },
  },
  layout: { contentWidth: 1200, headerHeight: 64, headerHeightMobile: 56 },
  shadow: {
    card: '0 2px 12px rgba(20, 40, 90, 0.06)',
    raised: '0 12px 32px rgba(20, 40, 90, 0.12)',
  },
} as const;

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `:root { --color-primary: …; … }` for the root layout. */
export function tokensToCss(): string {
  const vars: string[] = [];
  for (const [k, v] of Object.entries(tokens.color)) vars.push(`--color-${kebab(k)}:${v}`);
  for (const [k, v] of Object.entries(tokens.radius)) vars.push(`--radius-${k}:${v}px`);
  for (const [k, v] of Object.entries(tokens.space)) vars.push(`--space-${k}:${v}px`);
  for (const [k, v] of Object.entries(tokens.font.size)) vars.push(`--font-size-${k}:${v}px`);
  for (const [k, v] of Object.entries(tokens.shadow)) vars.push(`--shadow-${k}:${v}`);
  vars.push(`--font-family:${tokens.font.family}`, `--font-mono:${tokens.font.mono}`);
  vars.push(`--content-width:${tokens.layout.contentWidth}px`);
  vars.push(`--header-height:${tokens.layout.headerHeight}px`, `--header-height-mobile:${tokens.layout.headerHeightMobile}px`);
  return `:root{${vars.join(';')}}`;
}
