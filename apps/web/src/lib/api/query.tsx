'use client';
// Data fetching for the user center and the console (Decision 151): TanStack Query over the one
// request client, keyed by the declared call and its input. A screen says what it shows —
// useCall(call, input), usePagedList(call, filters), useCallMutation(call) — and the loading,
// caching, paging and the one error toast live here.
import type { Call, CallData, CallInput, CallReply, ListEnvelope } from '@apimarket/contracts';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { type CallOptions, request } from './client';
import { serverMessage } from './errors';
import { toastError } from './notify';

/** The one error toast: the server's Chinese message (the client already told of network and session failures). */
export function toastFailure(err: unknown): void {
  const msg = serverMessage(err);
  if (msg) void toastError(msg);
}

interface Meta extends Record<string, unknown> {
  /** The screen shows this failure itself (an inline message, a designed empty state). */
  quiet?: boolean;
}

function makeClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (err, query) => (query.meta as Meta | undefined)?.quiet || toastFailure(err) }),
    mutationCache: new MutationCache({ onError: (err, _v, _c, mutation) => (mutation.meta as Meta | undefined)?.quiet || toastFailure(err) }),
    defaultOptions: {
      // A refused call is the server's answer, not a blip; the client has already retried nothing.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 },
      mutations: { retry: false },
    },
  });
}

export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(makeClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The cache key of a call with its input: every screen showing the same call shares it. */
export function callKey(call: Call, input?: unknown): unknown[] {
  return input === undefined ? [call.method, call.path] : [call.method, call.path, input];
}

export interface UseCallOptions extends CallOptions {
  enabled?: boolean;
  refetchInterval?: number | false;
  /** The screen shows the failure itself: no toast. */
  quiet?: boolean;
}

/** One declared call's answer, loaded and cached. */
export function useCall<C extends Call>(call: C, input?: CallInput<C>, options: UseCallOptions = {}) {
  const { enabled, quiet, refetchInterval, ...send } = options;
  return useQuery({
    queryKey: callKey(call, input),
    queryFn: () => request(call, input, send),
    enabled,
    refetchInterval,
    meta: { quiet } satisfies Meta,
  });
}

export interface UseMutationOptions<C extends Call> {
  /** Calls whose cached answers this change makes stale (every input of each). */
  invalidates?: readonly Call[];
  onSuccess?: (reply: CallReply<C>, input: CallInput<C>) => void | Promise<void>;
  quiet?: boolean;
}

/** A declared call that changes something; on success the screen reacts, then the named calls are loaded again. */
export function useCallMutation<C extends Call>(call: C, options: UseMutationOptions<C> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<C>) => request(call, input),
    meta: { quiet: options.quiet } satisfies Meta,
    // The screen's own reaction (the server's message) first, then the reload of what changed:
    // a person reads 「已保存」 at once, not after the list has come back.
    onSuccess: async (reply, input) => {
      await options.onSuccess?.(reply, input);
      await Promise.all((options.invalidates ?? []).map((c) => client.invalidateQueries({ queryKey: callKey(c) })));
    },
  });
}

type Filters = Record<string, string | undefined>;

export interface PagedListOptions<F extends Filters> {
  pageSize?: number;
  /** Filters and their defaults; with `inUrl`, read from and written to the address. */
  filters?: F;
  /** Keep page and filters in the query string, so a person can bookmark or share the view. */
  inUrl?: boolean;
  /** Extra input sent with every page (fixed for the screen, not a filter). */
  fixed?: Record<string, unknown>;
  enabled?: boolean;
  quiet?: boolean;
  /** Background reloads: no network toast (a poll must not toast every few seconds). */
  silent?: boolean;
  /** Reload every so many ms while a screen waits on the server (a running batch job); false to stop. */
  refetchInterval?: number | false;
}

/**
 * A paged list call: the page and the filters, antd pagination props, and the rows. Removing
 * the last row of the last page shows the page before it.
 */
export function usePagedList<C extends Call, F extends Filters = Filters>(call: C, options: PagedListOptions<F> = {}) {
  const pageSize = options.pageSize ?? 10;
  const defaults = (options.filters ?? {}) as F;
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [local, setLocal] = useState<{ page: number; filters: F }>({ page: 1, filters: defaults });

  const state = options.inUrl ? readUrl(params, defaults) : local;

  const setState = (next: { page: number; filters: F }) => {
    if (!options.inUrl) return setLocal(next);
    const q = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(next.filters)) {
      if (v === undefined || v === '' || v === defaults[k]) q.delete(k);
      else q.set(k, v);
    }
    if (next.page > 1) q.set('page', String(next.page));
    else q.delete('page');
    const search = q.toString();
    router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false });
  };

  const input = { ...options.fixed, ...dropEmpty(state.filters), pageNum: state.page, pageSize } as CallInput<C>;
  const query = useCall(call, input, { enabled: options.enabled, quiet: options.quiet, silent: options.silent, refetchInterval: options.refetchInterval });
  const page = query.data as ListEnvelope<CallData<C>> | undefined;
  const client = useQueryClient();

  useEffect(() => {
    if (page && page.rows.length === 0 && page.total > 0 && state.page > 1) setState({ ...state, page: Math.ceil(page.total / pageSize) });
  });

  return {
    rows: page?.rows ?? [],
    total: page?.total ?? 0,
    /** First load (no rows to show yet). */
    loading: query.isPending && options.enabled !== false,
    /** Reloading with rows on screen. */
    fetching: query.isFetching,
    failed: query.isError && !page,
    /** Why the page failed (for a screen that shows the server's words itself). */
    error: query.error,
    refetch: query.refetch,
    /** The whole answer, with any keys the page carries beside its rows (a queue's tab counts). */
    reply: query.data,
    /** Changes the page on screen in place (a decided row, the tab counts it moved) without a reload. */
    update: (change: (reply: CallReply<C>) => CallReply<C>) =>
      client.setQueryData<CallReply<C>>(callKey(call, input), (old) => (old === undefined ? old : change(old))),
    page: state.page,
    filters: state.filters,
    /** New filters start again at page 1. */
    setFilters: (filters: Partial<F>) => setState({ page: 1, filters: { ...state.filters, ...filters } }),
    setPage: (p: number) => setState({ ...state, page: p }),
    /** Props for antd's Table `pagination`. */
    pagination: {
      current: state.page,
      pageSize,
      total: page?.total ?? 0,
      onChange: (p: number) => setState({ ...state, page: p }),
      showSizeChanger: false,
      hideOnSinglePage: true,
    },
  };
}

/** Page and filters from the address; a filter not in it keeps its default. */
function readUrl<F extends Filters>(params: URLSearchParams | ReturnType<typeof useSearchParams>, defaults: F): { page: number; filters: F } {
  const filters = { ...defaults };
  for (const k of Object.keys(defaults)) {
    const v = params.get(k);
    if (v !== null) (filters as Filters)[k] = v;
  }
  return { page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1), filters };
}

function dropEmpty(filters: Filters): Filters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
}
