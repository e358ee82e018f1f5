/**
 * Waits on something that announces its changes (a socket's messages, a process's events): each `until`
 * looks now and again on every `wake`, and fails after its time naming what had come instead, so a wait that
 * never ends says where it stalled rather than running into the test's timeout.
 */
export class Waiters {
  private readonly checks = new Set<() => void>();

  /** Something arrived: every wait looks again. */
  wake(): void {
    for (const check of [...this.checks]) check();
  }

  /**
   * Resolves with what `take` finds (undefined: not yet); rejects with `take`'s error if it throws, or after
   * `withinMs` with `${what} not met within … ms; ${received()}`.
   */
  until<T>(take: () => T | undefined, withinMs: number, what: string, received: () => string): Promise<T> {
    return new Promise((resolve, reject) => {
      const finish = (): void => {
        clearTimeout(guard);
        this.checks.delete(check);
      };
      const guard = setTimeout(() => {
        this.checks.delete(check);
        reject(new Error(`${what} not met within ${withinMs} ms; ${received()}`));
      }, withinMs);
      const check = (): void => {
        let found: T | undefined;
        try {
          found = take();
        } catch (err) {
          finish();
          reject(err);
          return;
        }
        if (found === undefined) return;
        finish();
        resolve(found);
      };
      this.checks.add(check);
      check();
    });
  }
}
