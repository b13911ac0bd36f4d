// The Sync screen's two lists, kept current: the sales a page at a time through any
// history, and the refused sales.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { EventPayload, MethodOutput } from '../../main/contract/contract';
import { refusedTouched, patchRecent, type SaleSummary } from '../../domain/views/sales-feed';
import { api } from './api';
import { useEvent, withStatus, type Status } from './hooks';
import { useWords } from './words';
import type { AppError } from '../../domain/result';

type RefusedSale = MethodOutput<'listRefused'>[number];

const RECENT_SALES = 20;

/**
 * The sales, a page at a time through any history (the archives too): the newest page is
 * read once, then patched from the events that carry each change; older pages and a
 * receipt looked up are read on demand.
 */
export function useSalesPages() {
  const [page, setPage] = useState<{ sales: SaleSummary[]; nextBefore: number | null }>();
  // The `before` of each page shown so far; empty on the newest page.
  const [trail, setTrail] = useState<Array<number | undefined>>([]);
  const words = useWords();
  // The error itself, said when shown: a language changed meanwhile applies to it too.
  const [problem, setProblem] = useState<AppError>();
  const newest = trail.length === 0;

  const show = useCallback(async (before: number | undefined) => {
    const result = await withStatus(api.listSales({ limit: RECENT_SALES, before }));
    if (!result.ok) {
      setProblem(result.error);
      return false;
    }
    setProblem(undefined);
    setPage(result.value);
    return true;
  }, []);
  useEffect(() => void show(undefined), [show]);
  useEvent(
    'salesChanged',
    useCallback(
      (change: EventPayload<'salesChanged'>) => {
        if (!newest) return; // an older page stays as read, so it does not move under the eye
        setPage(
          (shown) =>
            shown && { ...shown, sales: patchRecent(shown.sales, change.sales, RECENT_SALES) },
        );
      },
      [newest],
    ),
  );
  return {
    sales: page?.sales,
    problem: problem && words.error(problem),
    newest,
    hasOlder: page?.nextBefore !== null && page?.nextBefore !== undefined,
    async older() {
      if (!page?.nextBefore) return;
      const before = page.nextBefore;
      if (await show(before)) setTrail((pages) => [...pages, before]);
    },
    async newer() {
      const previous = trail.slice(0, -1);
      if (await show(previous.at(-1))) setTrail(previous);
    },
    /** Shows the page that starts at a receipt number. */
    async find(receipt: number) {
      if (await show(receipt + 1)) setTrail([receipt + 1]);
    },
  };
}

/**
 * The refused sales: read again only when a change touches them, or when the status's
 * count of refused sales and the list disagree.
 */
export function useRefusedSales(status: Status | undefined) {
  const [list, setList] = useState<RefusedSale[]>();
  const loading = useRef(false);
  const reload = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    void withStatus(api.listRefused({})).then((result) => {
      loading.current = false;
      if (result.ok) setList(result.value);
    });
  }, []);
  useEffect(reload, [reload]);
  const ids = new Set(list?.map((refusedSale) => refusedSale.saleId));
  useEvent(
    'salesChanged',
    useCallback(
      (change: EventPayload<'salesChanged'>) => {
        if (refusedTouched(ids, change.sales)) reload();
      },
      [list, reload],
    ),
  );
  // Once per new count: a list that still disagrees afterwards is not read in a loop.
  const refused = status?.counts.refused;
  const checkedCount = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!list || refused === undefined || refused === checkedCount.current) return;
    checkedCount.current = refused;
    if (refused !== list.length) reload();
  }, [refused, list, reload]);
  return { list, reload };
}
