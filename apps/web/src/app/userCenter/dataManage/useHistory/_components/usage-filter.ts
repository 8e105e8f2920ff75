// The filter of 调用记录 as the address carries it (?startDate=&endDate=&interfaceId=&memberId=),
// read the same way by the page on the server and by the screen, so a bookmarked view opens as
// it was left. Empty means "not chosen": the server then uses its default period.
import { UsageRangeInput } from '@apimarket/contracts';

export const USAGE_FILTERS = { startDate: '', endDate: '', interfaceId: '', memberId: '' };
export type UsageFilter = typeof USAGE_FILTERS;

/** The filter from the address; one the server's rule would refuse (a reversed range…) is dropped whole. */
export function usageFilter(get: (key: keyof UsageFilter) => string | null | undefined): UsageFilter {
  const asked = {
    startDate: get('startDate') ?? '',
    endDate: get('endDate') ?? '',
    interfaceId: get('interfaceId') ?? '',
    memberId: get('memberId') ?? '',
  };
  return UsageRangeInput.safeParse(asked).success ? asked : { ...USAGE_FILTERS };
}
