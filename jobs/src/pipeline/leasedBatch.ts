/**
 * What a provider batch and a push batch share (docs/decisions/037-provider-sends.md, 038-web-push-channel.md):
 * the leases of the rows still `open` renewed every third of the lease while the batch runs, and the `sent`
 * marks coalesced into one short update per round trip.
 */

/**
 * Renews the leases of the ids in `open` every `leaseMs / 3` (errors ignored: an expired lease is the sweeper's).
 * Returns the timer (unref'd); the caller clears it when the batch ends.
 */
export function renewLeasesWhileOpen(open: Set<string>, renew: (ids: string[]) => Promise<unknown>, leaseMs: number): NodeJS.Timeout {
  const timer = setInterval(() => {
    void renew([...open]).catch(() => {});
  }, leaseMs / 3);
  timer.unref();
  return timer;
}

/**
 * `sent` marks coalesced: rows queued while a write is in flight go out together in the next one; each call
 * resolves once its rows are committed (a failed write keeps them queued for the next call and rejects).
 */
export function coalescedMarks(
  write: (rows: { id: string; messageId: string }[]) => Promise<unknown>,
): (rows: { id: string; messageId: string }[]) => Promise<void> {
  let pending: { id: string; messageId: string }[] = [];
  let tail: Promise<void> = Promise.resolve();
  return (rows) => {
    pending.push(...rows);
    const p = tail.then(async () => {
      if (pending.length === 0) return;
      const batch = pending;
      pending = [];
      try {
        await write(batch);
      } catch (err) {
        pending.unshift(...batch);
        throw err;
      }
    });
    tail = p.catch(() => {});
    return p;
  };
}
