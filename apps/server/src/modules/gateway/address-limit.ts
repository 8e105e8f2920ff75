// What one client address may ask of the open data API per second, in this process (Decision
// 124). Two budgets: every call, counted before anything is parsed (a flood costs a map lookup),
// and calls that turned out to have no valid key — the ones a stranger can make for free: over
// that budget they are answered but not recorded (unknown keys are cached, so they cost no read).
export class AddressLimiter {
  private second = 0;
  private readonly counts = new Map<string, { all: number; unkeyed: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly unkeyedPerSecond: number,
  ) {}

  private slot(address: string) {
    const now = Math.floor(Date.now() / 1000);
    if (now !== this.second) {
      // A new second: every window starts over, and the map holds only this second's addresses.
      this.second = now;
      this.counts.clear();
    }
    let slot = this.counts.get(address);
    if (!slot) {
      slot = { all: 0, unkeyed: 0 };
      this.counts.set(address, slot);
    }
    return slot;
  }

  /**
   * Count a call; false when the address is over its budget of all calls this second. (The
   * keyless budget refuses keyless calls only: a company's egress address may carry one
   * misconfigured client beside the systems whose keys are right.)
   */
  admit(address: string): boolean {
    const slot = this.slot(address);
    slot.all += 1;
    return slot.all <= this.perSecond;
  }

  /** Count a call without a valid key; false when it is over that budget (it is not recorded). */
  admitUnkeyed(address: string): boolean {
    const slot = this.slot(address);
    slot.unkeyed += 1;
    return slot.unkeyed <= this.unkeyedPerSecond;
  }

  clear(): void {
    this.counts.clear();
  }
}
