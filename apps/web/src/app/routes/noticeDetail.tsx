import '../../styles/wallet.css';
import { NoticeDetail } from '../../features/notice/components/NoticeDetail';
import type { PageProps } from '../../lib/query';

export default function NoticeDetailPage({ query }: PageProps) {
  return <NoticeDetail id={Number(query.id)} />;
}
