// /print?type=&id=&jobName=&totalCount=&downloadMethod=&interfaceId=&print= (spec 01 §2.5, §3, §4).
// print=1, or no print at all (the page is named for it), shows the result table and prints
// after PRINT_AUTO_DELAY_MS; print=0 is the verification receipt: numbered results, watermark.
import { parseReceiptLink, type SearchParams } from '@/components/receipts/receipt-link';
import { PrintTable } from './_components/PrintTable';
import { VerifyReceipt } from './_components/VerifyReceipt';

export default async function PrintPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const link = parseReceiptLink(sp);
  return sp.print === '0' ? <VerifyReceipt link={link} /> : <PrintTable link={link} />;
}
