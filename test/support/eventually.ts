// Polling is the last resort, for state that announces nothing (a lock waiter, a reconnect on the
// client's own schedule, a lease taken over): everything else awaits its event.

/** Retries `attempt` until it resolves, then returns its value; rethrows its last error after `timeoutMs`. */
export async function retryUntil<T>(attempt: () => Promise<T>, timeoutMs: number, everyMs = 10): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}

/** Resolves once `check()` holds; fails after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, everyMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
