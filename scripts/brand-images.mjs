// npm-less one-off: draws the brand images the crawlers fetch from public/favicon.svg and the
// share card below — apps/web/src/app/favicon.ico (16/32/48 px PNGs in an ICO container) and
// apps/web/public/og.png (1200×630). Run `node scripts/brand-images.mjs` after changing either;
// the outputs are committed. Uses sharp (installed with Next) and the machine's Noto Sans CJK.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sharp = createRequire(import.meta.url)('sharp');
const web = (p) => path.join(root, 'apps/web', p);

/** An ICO file holding PNG images (allowed since Windows Vista; every browser reads it). */
function ico(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(pngs.length, 4);
  const dir = Buffer.alloc(16 * pngs.length);
  let offset = 6 + dir.length;
  pngs.forEach(({ size, data }, i) => {
    const e = i * 16;
    dir.writeUInt8(size >= 256 ? 0 : size, e);
    dir.writeUInt8(size >= 256 ? 0 : size, e + 1);
    dir.writeUInt8(0, e + 2); // no palette
    dir.writeUInt8(0, e + 3);
    dir.writeUInt16LE(1, e + 4); // colour planes
    dir.writeUInt16LE(32, e + 6); // bits per pixel
    dir.writeUInt32LE(data.length, e + 8);
    dir.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([header, dir, ...pngs.map((p) => p.data)]);
}

const favicon = readFileSync(web('public/favicon.svg'));
const sizes = [16, 32, 48];
const pngs = await Promise.all(sizes.map(async (size) => ({ size, data: await sharp(favicon, { density: 384 }).resize(size, size).png().toBuffer() })));
writeFileSync(web('src/app/favicon.ico'), ico(pngs));
writeFileSync(web('src/app/apple-icon.png'), await sharp(favicon, { density: 1200 }).resize(180, 180).flatten({ background: '#1d5cff' }).png().toBuffer());

// The share card: brand, promise, the catalogue's families and the isometric motif of the heroes.
const font = "'Noto Sans CJK SC', 'Noto Sans SC', sans-serif";
const chips = ['身份核验', '人脸识别', 'OCR', '银行卡', '手机号', '车辆'];
let x = 80;
const chipSvg = chips
  .map((c) => {
    const w = 36 + c.length * 24 - (c === 'OCR' ? 24 : 0);
    const g = `<g transform="translate(${x} 430)"><rect width="${w}" height="44" rx="22" fill="#ffffff" fill-opacity="0.1" stroke="#9fb8ff" stroke-opacity="0.5"/><text x="${w / 2}" y="29" text-anchor="middle" font-size="20" fill="#dbe6ff">${c}</text></g>`;
    x += w + 12;
    return g;
  })
  .join('');
const cube = (cx, cy, s, top, left, right) =>
  `<polygon points="${cx},${cy - s} ${cx + s * 0.866},${cy - s / 2} ${cx},${cy} ${cx - s * 0.866},${cy - s / 2}" fill="${top}"/>` +
  `<polygon points="${cx - s * 0.866},${cy - s / 2} ${cx},${cy} ${cx},${cy + s} ${cx - s * 0.866},${cy + s / 2}" fill="${left}"/>` +
  `<polygon points="${cx + s * 0.866},${cy - s / 2} ${cx},${cy} ${cx},${cy + s} ${cx + s * 0.866},${cy + s / 2}" fill="${right}"/>`;
const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#091226"/><stop offset="0.6" stop-color="#0d1830"/><stop offset="1" stop-color="#14307a"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#3d6bff" stop-opacity="0.55"/><stop offset="1" stop-color="#3d6bff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <circle cx="980" cy="300" r="300" fill="url(#glow)"/>
  ${cube(980, 300, 120, '#4d7bff', '#2a52d9', '#1a3a9e')}
  ${cube(860, 420, 56, '#38d0b6', '#179c89', '#0e6f63')}
  ${cube(1100, 430, 46, '#ff9a52', '#e0661f', '#a94610')}
  ${cube(1080, 150, 36, '#7fb2ff', '#4d86f0', '#2f63c4')}
  <g transform="translate(80 86)">
    <rect width="64" height="64" rx="16" fill="#1d5cff"/>
    <path d="M18 23c0-2.8 6.2-5 14-5s14 2.2 14 5-6.2 5-14 5-14-2.2-14-5Z" fill="#fff"/>
    <path d="M18 32c0 2.8 6.2 5 14 5s14-2.2 14-5" stroke="#fff" stroke-width="3.6" fill="none" stroke-linecap="round"/>
    <path d="M18 41c0 2.8 6.2 5 14 5s14-2.2 14-5" stroke="#9fb8ff" stroke-width="3.6" fill="none" stroke-linecap="round"/>
    <text x="84" y="44" font-family="${font}" font-size="34" font-weight="700" fill="#fff">数据API市场</text>
  </g>
  <g font-family="${font}">
    <text x="80" y="262" font-size="60" font-weight="700" fill="#fff">一站式企业数据 API</text>
    <text x="80" y="340" font-size="60" font-weight="700" fill="#fff">服务平台</text>
    <text x="80" y="396" font-size="26" fill="#c9d8ff">统一接入 · 按量计费 · 调用全程可追溯</text>
    ${chipSvg}
  </g>
  <text x="80" y="560" font-family="${font}" font-size="22" fill="#9db8ff">安全 · 合规 · 稳定</text>
</svg>`;
await sharp(Buffer.from(og)).png({ compressionLevel: 9 }).toFile(web('public/og.png'));
console.log('favicon.ico, apple-icon.png and og.png written');
