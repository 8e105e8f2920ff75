// How every background job runs (started by main.ts where RUN_JOBS is on; tests call the work
// itself): a pass at once and then every `ms`, never two passes of one job at a time (a slow
// database or carrier does not stack them), a timer that does not keep the process alive, and
// a stop that waits for the pass in hand so the database closes after it.

/** Runs `pass` now and every `ms`; each pass reports its own failures. Answers the stop. */
export function every(ms: number, pass: () => Promise<void>): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running || stopped) return;
    running = pass()
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, ms);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
