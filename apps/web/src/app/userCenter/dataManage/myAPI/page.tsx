// /userCenter/dataManage/myAPI (spec 02 §2): the purchased interfaces, each with its key; above
// them the free test quota left and the entry to 购买接口.
import type { Metadata } from 'next';
import { MyApiHead } from './_components/MyApiHead';
import { MyApiList } from './_components/MyApiList';
import styles from './_components/my-api-head.module.css';

export const metadata: Metadata = { title: '我的API' };

export default function MyApiPage() {
  return (
    <div className={styles.stack}>
      <MyApiHead />
      <MyApiList />
    </div>
  );
}
