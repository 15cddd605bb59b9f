/** `run` made to start only when its previous call has ended (a call meanwhile is skipped): background upkeep that must not pile up. */
export function oneAtATime(run: () => Promise<void>): () => void {
  let running = false;
  return () => {
    if (running) return;
    running = true;
    void run().finally(() => { running = false; });
  };
}
