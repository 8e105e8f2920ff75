// /createImgZip?type=&id=&jobName=&totalCount=&downloadMethod=&interfaceId=&receiptName=&isReceiptName=
// (spec 01 §3, §4): one receipt image per answered row, fetched 15 at a time, saved as one zip.
import { parseReceiptLink, type SearchParams } from '@/components/receipts/receipt-link';
import { ImgZip } from './_components/ImgZip';

export default async function CreateImgZipPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  return <ImgZip link={parseReceiptLink(sp)} watermark={sp.watermark === '1'} />;
}
