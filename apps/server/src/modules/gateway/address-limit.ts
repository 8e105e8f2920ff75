// What one client address may ask of the open data API per second, in this process, before any
// key is looked up (Decision 124): a flood from one address costs a map lookup, not a body
// parse, a database read or a record. Two budgets: every call, and calls that turned out to have
// no valid key — those are the ones a stranger can make for free.
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

  /** Count a call; false when the address is over either budget this second. */
  admit(address: string): boolean {
    const slot = this.slot(address);
    slot.all += 1;
    return slot.all <= this.perSecond && slot.unkeyed < this.unkeyedPerSecond;
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
