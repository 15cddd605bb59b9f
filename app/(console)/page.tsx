import { Worksheet } from '@/features/worksheet/worksheet';

export default function WorksheetPage() {
  return <Worksheet />;
}
