'use client';
// What the console's drawers share: the item of the open row loaded by id (and shown changed in
// place after a write), the load error or a skeleton until it comes, the table of its facts and
// a phone number to call or copy.
import type { Access, CallSpec } from '@apimarket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, type DescriptionsProps, Drawer, Grid, Skeleton, Typography } from 'antd';
import type { z } from 'zod';
import { serverMessage } from '@/lib/api/errors';
import { callKey, useCall } from '@/lib/api/query';
import list from './list.module.css';

/** A detail call: one item by its id. */
export type DetailCall<T> = CallSpec<z.ZodType, { data: z.ZodType<T> }, Access>;

/** The item of an open drawer (null while closed or loading), why it failed, and `show` to put a changed item on screen without reading it again. */
export function useDrawerItem<T>(call: DetailCall<T>, id: number | null, loadError: string) {
  const client = useQueryClient();
  const input = { id: id ?? 0 };
  const loaded = useCall(call, input, { enabled: id !== null, quiet: true });
  const item = (id !== null && loaded.data?.data) || null;
  const error = id !== null && loaded.error ? (serverMessage(loaded.error) ?? loadError) : null;
  const show = (next: T) => {
    if (loaded.data) client.setQueryData(callKey(call, input), { ...loaded.data, data: next });
  };
  return { item, error, show };
}

/** A drawer's content: the load error, a skeleton while loading, then the item. */
export function DrawerBody<T>({
  item,
  error,
  skeletonRows,
  children,
}: {
  item: T | null;
  error: string | null;
  skeletonRows?: number;
  children: (item: T) => React.ReactNode;
}) {
  return (
    <>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {!item && !error ? <Skeleton active paragraph={skeletonRows ? { rows: skeletonRows } : undefined} /> : null}
      {item ? children(item) : null}
    </>
  );
}

/** A list's drawer: the whole screen on a phone, its parts stacked. */
export function DetailDrawer<T>({
  open,
  onClose,
  width,
  title,
  item,
  error,
  children,
}: {
  open: boolean;
  onClose: () => void;
  width: number;
  title: string;
  item: T | null;
  error: string | null;
  children: (item: T) => React.ReactNode;
}) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer open={open} onClose={onClose} size={screens.sm === false ? '100%' : width} title={title} destroyOnHidden>
      <DrawerBody item={item} error={error}>
        {(i) => <div className={list.stack}>{children(i)}</div>}
      </DrawerBody>
    </Drawer>
  );
}

/** An item's facts, one per line. */
export function Facts({ items }: { items: DescriptionsProps['items'] }) {
  return <Descriptions column={1} size="small" bordered items={items} />;
}

/** A full phone number (opening it was audited): tap to call, or copy. */
export function PhoneCall({ phone }: { phone: string }) {
  return (
    <Typography.Text copyable={{ text: phone, tooltips: ['复制', '已复制'] }}>
      <a href={`tel:${phone}`}>{phone}</a>
    </Typography.Text>
  );
}
