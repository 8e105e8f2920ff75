import { describe, expect, it } from 'vitest';
import { every } from './jobs';

describe('every', () => {
  it('runs a pass at once, never two at a time, survives a failing pass, and its stop waits for the pass in hand', async () => {
    let active = 0;
    let most = 0;
    let passes = 0;
    let release: () => void = () => undefined;
    const stop = every(5, async () => {
      passes += 1;
      if (passes === 1) throw new Error('a failing pass');
      active += 1;
      most = Math.max(most, active);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      active -= 1;
    });
    // The first pass ran at once and failed; later ticks start one pass that waits.
    await new Promise((r) => setTimeout(r, 60));
    expect(passes).toBe(2);
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
    expect(most).toBe(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(passes).toBe(2);
  });
});
