// /transportation (linked from the contact bar, spec 01 §2.4): the transport pages start with
// their data products.
import { permanentRedirect } from 'next/navigation';

export default function TransportationIndex() {
  permanentRedirect('/transportation/product');
}
