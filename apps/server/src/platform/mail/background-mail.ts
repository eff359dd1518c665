/**
 * Mail sent after the answer. Awaiting an SMTP round trip (or its failure) only for addresses that have
 * an account would tell a stranger which addresses do; so such mail runs in the background, its failure
 * goes to the log, and shutdown waits for what is still on its way (`drain`, before the database closes).
 */
export function createBackgroundMail(deps: { onError: (error: unknown, purpose: string) => void }) {
  const deliveries = new Set<Promise<void>>();
  return {
    /** Runs `task` (store a token, send the mail) without making the caller wait for it. */
    run(purpose: string, task: () => Promise<void>): void {
      const delivery: Promise<void> = task()
        .catch((error: unknown) => deps.onError(error, purpose))
        .finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    },
    async drain(): Promise<void> {
      while (deliveries.size > 0) await Promise.allSettled([...deliveries]);
    },
  };
}
export type BackgroundMail = ReturnType<typeof createBackgroundMail>;
