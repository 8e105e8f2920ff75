'use client';
// The filter bar of a user-center history list (在线查询's 查询记录, 司法查询列表): each page's own
// fields beside one day range, applied as soon as they change and held in the list's filters.
import { DatePicker, Form } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import styles from './history-filters.module.css';
import panel from './panel.module.css';

/** The bar: an inline form that wraps on a narrow screen and keeps its gap to the list below. */
export function HistoryFilters({ children }: { children: ReactNode }) {
  return (
    <Form layout="inline" className={panel.filters}>
      {children}
    </Form>
  );
}

/** A day range as a list's filters hold it: from and to as YYYY-MM-DD, both '' for any day. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * 日期: picking both days or clearing the range hands the pair over at once, so the list asks
 * the server once with both ends.
 */
export function HistoryDateRange({ from, to, onChange }: DayRange & { onChange: (range: DayRange) => void }) {
  const value: [dayjs.Dayjs, dayjs.Dayjs] | null = from && to ? [dayjs(from), dayjs(to)] : null;
  return (
    <Form.Item label="日期">
      <DatePicker.RangePicker
        value={value}
        onChange={(v) => onChange({ from: v?.[0]?.format('YYYY-MM-DD') ?? '', to: v?.[1]?.format('YYYY-MM-DD') ?? '' })}
        className={styles.range}
      />
    </Form.Item>
  );
}
