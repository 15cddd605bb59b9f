/** Boots Floe when the server starts (not on the first request), so credentials print at once. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startFloe } = await import('./lib/floe');
  const floe = await startFloe();
  const port = process.env.PORT || '3000';
  console.log(`Floe: ready on http://localhost:${port} (data dir ${floe.config.dataDir}, account ${floe.config.account})`);
}
