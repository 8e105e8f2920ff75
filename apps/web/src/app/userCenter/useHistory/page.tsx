// /userCenter/useHistory (spec 02 §2): the same screen as /userCenter/dataManage/useHistory.
import UseHistoryPage, { metadata } from '../dataManage/useHistory/page';

export { metadata };
export default UseHistoryPage;
