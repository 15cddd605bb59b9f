import { StatementPage } from '@/features/statement/statement-page';

export default async function Page({ params }: { params: Promise<{ handle: string }> }) {
  return <StatementPage handle={(await params).handle} />;
}
