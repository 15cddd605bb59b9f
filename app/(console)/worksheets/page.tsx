import { WorksheetList } from '@/features/worksheet/worksheet-list';

export default function WorksheetsPage() {
  return <WorksheetList />;
}
