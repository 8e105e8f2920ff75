// The operation manual (spec 01 §2.1: "a downloadable operation manual (PDF) is linked from the
// menu"): docs/manual/operation-manual.md → HTML with a table of contents → a PDF printed by the
// machine's Chromium (which embeds the Chinese fonts it draws with) → apps/web/public/manual.pdf.
// Runs before `next build`; skipped when the PDF is newer than its source.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import { chromium } from 'playwright-core';
import { root } from './lib.mjs';

const source = path.join(root, 'docs/manual/operation-manual.md');
const target = path.join(root, 'apps/web/public/manual.pdf');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(target) && statSync(target).mtimeMs >= statSync(source).mtimeMs && statSync(target).mtimeMs >= statSync(import.meta.filename).mtimeMs) {
  process.exit(0);
}
if (!existsSync(executablePath)) {
  console.error(`[manual] Chromium not found at ${executablePath}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
  process.exit(1);
}

// Headings get numbered ids so the table of contents can link them.
const headings = [];
const marked = new Marked({
  renderer: {
    heading({ tokens, depth }) {
      const text = this.parser.parseInline(tokens);
      const id = `h${headings.length + 1}`;
      if (depth <= 2) headings.push({ id, depth, text });
      return `<h${depth} id="${id}">${text}</h${depth}>\n`;
    },
  },
});
const body = marked.parse(readFileSync(source, 'utf8'));
const [title, ...chapters] = headings;
const toc = chapters.map((h) => `<li class="d${h.depth}"><a href="#${h.id}">${h.text}</a></li>`).join('\n');

const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${title?.text ?? '操作手册'}</title>
<style>
  @page { size: A4; margin: 20mm 18mm; }
  body { font-family: "Noto Sans CJK SC", "Noto Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif; color: #1b2333; font-size: 11pt; line-height: 1.75; }
  h1 { font-size: 22pt; color: #1d5cff; margin: 0 0 8mm; }
  h2 { font-size: 15pt; border-bottom: 1px solid #e3e8f0; padding-bottom: 2mm; margin-top: 10mm; page-break-after: avoid; }
  h3 { font-size: 12.5pt; margin-top: 6mm; page-break-after: avoid; }
  table { border-collapse: collapse; width: 100%; margin: 4mm 0; font-size: 10pt; }
  th, td { border: 1px solid #c9d2e0; padding: 2mm 3mm; text-align: left; vertical-align: top; }
  th { background: #eef3ff; }
  code, pre { font-family: "DejaVu Sans Mono", monospace; font-size: 9.5pt; }
  pre { background: #f5f7fb; border: 1px solid #e3e8f0; padding: 3mm; white-space: pre-wrap; word-break: break-all; }
  .toc { page-break-after: always; }
  .toc ol { list-style: none; padding: 0; }
  .toc li { margin: 1.5mm 0; }
  .toc a { color: #1b2333; text-decoration: none; }
</style></head><body>
<section class="toc"><h1>${title?.text ?? '操作手册'}</h1><h2>目录</h2><ol>${toc}</ol></section>
${body.replace(/<h1 id="h1">[\s\S]*?<\/h1>/, '')}
</body></html>`;

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  await page.setContent(html, { waitUntil: 'load' });
  mkdirSync(path.dirname(target), { recursive: true });
  const pdf = await page.pdf({
    format: 'A4',
    printBackground: true,
    outline: true, // PDF bookmarks from the headings
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: '<div style="width:100%;font-size:8pt;color:#8a93a3;text-align:center"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
  });
  writeFileSync(target, pdf);
  console.log(`[manual] ${path.relative(root, target)} (${Math.round(pdf.length / 1024)} KB)`);
} finally {
  await browser.close();
}
