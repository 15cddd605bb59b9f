import { HistoryTable } from '@/features/history/history-table';

export default function HistoryPage() {
  return <><h2>History</h2><HistoryTable /></>;
}
