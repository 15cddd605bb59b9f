import Link from 'next/link';

export const metadata = { title: 'Not found · Floe' };

export default function NotFound() {
  return (
    <div className="page-message" data-testid="page-not-found">
      <h1>Page not found</h1>
      <p>There is no console page at this address.</p>
      <p className="page-actions">
        <Link href="/" className="button primary">Worksheet</Link>
        <Link href="/history" className="button">History</Link>
        <Link href="/agents" className="button">Agents</Link>
      </p>
    </div>
  );
}
