/**
 * CSV / JSON downloads of a whole result. Plain links: the browser streams the server's file to
 * disk (the export endpoint reads the session cookie), so nothing is held in the page.
 */
export const exportUrl = (handle: string, format: 'csv' | 'json') => `/api/console/statements/${encodeURIComponent(handle)}/export?format=${format}`;

export function ExportLinks({ handle }: { handle: string }) {
  return (
    <span className="export-links">
      Download
      <a href={exportUrl(handle, 'csv')} download={`floe-${handle}.csv`} data-testid="export-csv">CSV</a>
      <a href={exportUrl(handle, 'json')} download={`floe-${handle}.json`} data-testid="export-json">JSON</a>
    </span>
  );
}
