/** Boots Floe when the server starts (not on the first request), so credentials print at once. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getFloe } = await import('./lib/floe');
  let floe: Awaited<ReturnType<typeof getFloe>>;
  try {
    floe = await getFloe();
  } catch (e) {
    // A server that cannot open its data must not run on answering 500s: say why, and exit non-zero.
    console.error(`Floe cannot start: ${e instanceof Error && e.name === 'CorruptionError' ? e.message : e instanceof Error ? e.stack : String(e)}`);
    process.exit(1);
  }
  const port = process.env.PORT || '3000';
  console.log(`Floe: ready on http://localhost:${port} (data dir ${floe.config.dataDir}, account ${floe.config.account})`);
}
