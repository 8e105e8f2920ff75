'use client';
// The one echarts instance per chart of the user center: bound to its div, created once there is
// an option to draw, resized with its box, disposed on unmount, and given each new option whole.
// It imports only echarts/core: each chart file registers the few series and components it draws
// (echarts.use) and is loaded with next/dynamic, so a screen's bundle carries only what it shows.
import * as echarts from 'echarts/core';
import { useEffect, useRef } from 'react';

interface Props {
  /**
   * What to draw; null while the chart still waits for something the option needs (the map's
   * outlines), so the instance is made only when there is something to draw.
   */
  option: echarts.EChartsCoreOption | null;
  /** Said for the chart, which is one image to a screen reader (role="img"). */
  label: string;
  testId?: string;
  /** Gives the box its size: echarts draws into the size the box has, and a box with no height shows nothing. */
  className?: string;
}

export function EChart({ option, label, testId, className }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const drawable = option !== null;

  useEffect(() => {
    const el = box.current;
    if (!drawable || !el) return;
    const instance = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [drawable]);

  // notMerge: a series or a mark line gone from the new option is gone from the chart too.
  useEffect(() => {
    if (option) chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} className={className} role="img" aria-label={label} data-testid={testId} />;
}
