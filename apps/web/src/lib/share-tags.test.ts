// What crawlers and chat apps fetch besides the page: a real /favicon.ico, and a share card
// (og:image) that every page keeps — a page that sets its own openGraph must repeat the image.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARE_IMAGE } from './share-image';

const WEB = path.resolve(import.meta.dirname, '../..');
const APP = path.join(WEB, 'src/app');

describe('share tags and icons', () => {
  it('serves a real ICO at /favicon.ico (app/favicon.ico: 16, 32 and 48 px images)', () => {
    const ico = readFileSync(path.join(APP, 'favicon.ico'));
    expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => ico.readUInt8(6 + i * 16));
    expect(sizes).toEqual([16, 32, 48]);
  });

  it('has a 1200×630 share image that the root layout names', () => {
    const png = readFileSync(path.join(WEB, 'public/og.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(SHARE_IMAGE).toMatchObject({ url: '/og.png', width: 1200, height: 630 });
    const layout = readFileSync(path.join(APP, 'layout.tsx'), 'utf8');
    expect(layout).toMatch(/openGraph:\s*\{[\s\S]*images:\s*\[SHARE_IMAGE\]/);
  });

  it('no page drops the share image by setting an openGraph without images', () => {
    const files = readdirSync(APP, { recursive: true, encoding: 'utf8' }).filter((f) => /(^|\/)(page|layout)\.tsx$/.test(f.split(path.sep).join('/')));
    const dropping = files.filter((f) => {
      const src = readFileSync(path.join(APP, f), 'utf8');
      const og = /openGraph:\s*\{([^}]*)\}/.exec(src);
      return og !== null && !/images/.test(og[1] ?? '') && !f.endsWith(`app${path.sep}layout.tsx`) && f !== 'layout.tsx';
    });
    expect(dropping).toEqual([]);
  });
});
