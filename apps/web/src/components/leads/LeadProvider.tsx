'use client';
// Opens the lead dialogs from anywhere on a public page: every 「免费试用」 button, the bottom
// banner. Mounted once by the default layout; the dialogs load only when first opened.
import { DEFAULT_TRIAL_HEADLINE } from '@apimarket/contracts';
import dynamic from 'next/dynamic';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { LeadType } from './LeadDialog';

const LeadDialog = dynamic(() => import('./LeadDialog').then((m) => m.LeadDialog), { ssr: false });

interface Open {
  type: LeadType;
  interfaceName?: string;
}

const LeadContext = createContext<(open: Open) => void>(() => {});
const TrialHeadlineContext = createContext<string>(DEFAULT_TRIAL_HEADLINE);
const PageInterfaceContext = createContext<(name: string | null) => void>(() => {});

export function useOpenLead() {
  return useContext(LeadContext);
}

/** The configured free-trial headline (Decision 1), for the route words (LEAD_WORDS). */
export function useTrialHeadline() {
  return useContext(TrialHeadlineContext);
}

/** Rendered by an interface's page: a lead opened anywhere on it is about that interface. */
export function LeadInterface({ name }: { name: string }) {
  const set = useContext(PageInterfaceContext);
  useEffect(() => {
    set(name);
    return () => set(null);
  }, [name, set]);
  return null;
}

export function LeadProvider({ children, headline = DEFAULT_TRIAL_HEADLINE }: { children: React.ReactNode; headline?: string }) {
  const [open, setOpen] = useState<Open | null>(null);
  const [pageInterface, setPageInterface] = useState<string | null>(null);
  const openLead = useCallback((o: Open) => setOpen(o), []);
  const value = useMemo(() => openLead, [openLead]);
  return (
    <LeadContext.Provider value={value}>
      <TrialHeadlineContext.Provider value={headline}>
        <PageInterfaceContext.Provider value={setPageInterface}>
          {children}
          {open ? (
            <LeadDialog type={open.type} headline={headline} interfaceName={open.interfaceName ?? pageInterface ?? undefined} onClose={() => setOpen(null)} />
          ) : null}
        </PageInterfaceContext.Provider>
      </TrialHeadlineContext.Provider>
    </LeadContext.Provider>
  );
}

/** A 「免费试用」 (or other) button that opens a lead dialog. */
export function LeadButton({
  type = 0,
  interfaceName,
  className,
  children,
}: {
  type?: LeadType;
  interfaceName?: string;
  className?: string;
  children: React.ReactNode;
}) {
  const openLead = useOpenLead();
  return (
    <button type="button" className={className} onClick={() => openLead({ type, interfaceName })}>
      {children}
    </button>
  );
}
