import { Worksheet } from '@/features/worksheet/worksheet';

export default function WorksheetPage() {
  return <><h1 className="visually-hidden">Worksheet</h1><Worksheet /></>;
}
