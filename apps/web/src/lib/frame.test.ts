import { describe, expect, it } from 'vitest';
import { isChunkLoadError, isInternalNavigation, retrySrc, shouldReloadForChunk } from './frame';

describe('chunk reload guard', () => {
  it('recognises chunk-load failures of webpack, turbopack and native imports', () => {
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 123 failed.'))).toBe(true);
    expect(isChunkLoadError('Failed to fetch dynamically imported module: /_next/static/chunks/a.js')).toBe(true);
    expect(isChunkLoadError(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('reloads at most once a minute', () => {
    expect(shouldReloadForChunk(1_000_000, null)).toBe(true);
    expect(shouldReloadForChunk(1_000_000, 1_000_000 - 30_000)).toBe(false);
    expect(shouldReloadForChunk(1_000_000, 1_000_000 - 61_000)).toBe(true);
  });
});

describe('lazy image retry', () => {
  it('adds a cache-busting query on retries only', () => {
    expect(retrySrc('/a.png', 0)).toBe('/a.png');
    expect(retrySrc('/a.png', 1)).toBe('/a.png?retry=1');
    expect(retrySrc('/a.png?w=2', 2)).toBe('/a.png?w=2&retry=2');
  });
});

describe('loading bar trigger', () => {
  const here = { origin: 'https://www.example.cn', pathname: '/', search: '' };
  const a = (href: string, target = '', hasDownload = false) => ({ href, target, hasDownload });

  it('starts for a link to another page of the site', () => {
    expect(isInternalNavigation(a('/api'), here, false)).toBe(true);
    expect(isInternalNavigation(a('/?type=2'), here, false)).toBe(true);
  });

  it('ignores new tabs, modifier clicks, downloads, other sites, API calls and the same page', () => {
    expect(isInternalNavigation(a('/api', '_blank'), here, false)).toBe(false);
    expect(isInternalNavigation(a('/api'), here, true)).toBe(false);
    expect(isInternalNavigation(a('/manual.pdf', '', true), here, false)).toBe(false);
    expect(isInternalNavigation(a('https://other.cn/'), here, false)).toBe(false);
    expect(isInternalNavigation(a('/apiHome/x'), here, false)).toBe(false);
    expect(isInternalNavigation(a('/#top'), here, false)).toBe(false);
  });
});
