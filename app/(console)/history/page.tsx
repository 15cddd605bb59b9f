import { HistoryTable } from '@/features/history/history-table';

export default function HistoryPage() {
  return <><h1>History</h1><HistoryTable /></>;
}
