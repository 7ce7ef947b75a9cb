import '../../styles/wallet.css';
import { NoticeList } from '../../features/notice/components/NoticeList';

export default function NoticePage() {
  return <NoticeList />;
}
