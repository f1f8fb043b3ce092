/**
 * Who a render is for, which decides who goes first when every render slot is busy:
 * - `shopper`: a shopper's own page or action (checkout, an order, sign-in, the account, a form
 *   post, the admin), and the refresh of a kept page many are being served: served first, and
 *   never turned away;
 * - `page`: a page anyone may be served that is not kept yet (a new search, a filter, a later
 *   page of a collection): served in turn, and turned away at once when it could not start soon
 *   enough (`maxWaitMs` since the request arrived), so that nobody waits more than a second
 *   however many arrive.
 */
export type RenderPriority = "shopper" | "page";

/**
 * A turn of the event loop longer than this between two hand-offs means renders are taking the
 * whole process: the next turn starts one render only (`RenderQueue.handOff`). A kept page waits
 * for at most about this long behind a flood.
 */
const BUSY_TURN_MS = 20;

/** What `run` gives instead of the task's result when the render was turned away. */
export const TURNED_AWAY = Symbol("turned away");

interface Waiter {
  /** When the request arrived (performance.now()): its wait counts from then, not from joining the line. */
  arrivedAt: number;
  start(): void;
  turnAway(): void;
  timer?: NodeJS.Timeout;
}

/**
 * At most `slots` renders at once; the rest wait their turn, shoppers' own first. Rendering is the
 * server's CPU work: a hundred renders started together would all finish late, each holding its
 * data and half-written page in memory. A page render that has waited `maxWaitMs` without a slot
 * is turned away (the caller answers "busy, try again in a moment"), which bounds every wait: a
 * flood of new searches can neither make checkout wait behind it nor keep its own shoppers
 * waiting for seconds. (Kept pages never come here: they are served before any render.)
 *
 * A freed slot is handed on in a later turn of the event loop (`setImmediate`), never in the
 * same chain of promises, and only one a turn while turns are long (`BUSY_TURN_MS`). On the embedded database a render waits on nothing
 * outside the process, so handing slots on directly ran a whole flood of renders back to back as
 * one unbroken stretch of JavaScript: no new request was read, no kept page sent and no waiter's
 * time limit noticed until all of it was done (seconds, at a hundred connections).
 */
export class RenderQueue {
  private running = 0;
  private handOffPending = false;
  private lastHandOffAt = 0;
  private readonly waiting: Record<RenderPriority, Waiter[]> = { shopper: [], page: [] };
  /** Renders turned away since the start (for /metrics and the bench). */
  turnedAway = 0;

  constructor(
    private readonly slots: number,
    private readonly maxWaitMs: number,
  ) {}

  /** Runs `task` when a slot is free; `arrivedAt` is when its request arrived (performance.now()). */
  async run<T>(priority: RenderPriority, task: () => Promise<T>, arrivedAt = performance.now()): Promise<T | typeof TURNED_AWAY> {
    if (this.running < this.slots && this.queued === 0) this.running++;
    else if (!(await this.turn(priority, arrivedAt))) {
      this.turnedAway++;
      return TURNED_AWAY;
    }
    try {
      return await task();
    } finally {
      this.running--;
      this.scheduleHandOff();
    }
  }

  /** Whether every slot is taken or someone waits for one. */
  get busy(): boolean {
    return this.running >= this.slots || this.queued > 0;
  }

  /** How many renders wait for a slot now. */
  get queued(): number {
    return this.waiting.shopper.length + this.waiting.page.length;
  }

  /** Waits for a slot: true once it holds one (counted in `running`), false when turned away. */
  private turn(priority: RenderPriority, arrivedAt: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const queue = this.waiting[priority];
      const waiter: Waiter = {
        arrivedAt,
        start: () => {
          clearTimeout(waiter.timer);
          resolve(true);
        },
        turnAway: () => {
          clearTimeout(waiter.timer);
          resolve(false);
        },
      };
      if (priority === "page") {
        // Turned away when its time is up even if no slot frees meanwhile.
        waiter.timer = setTimeout(
          () => {
            const at = queue.indexOf(waiter);
            if (at >= 0) queue.splice(at, 1);
            waiter.turnAway();
          },
          Math.max(0, this.maxWaitMs - (performance.now() - arrivedAt)),
        );
      }
      queue.push(waiter);
      // A slot may be free (waiters were ahead a moment ago): hand it on in the next turn.
      this.scheduleHandOff();
    });
  }

  private scheduleHandOff(): void {
    if (this.handOffPending || this.queued === 0) return;
    this.handOffPending = true;
    setImmediate(() => {
      this.handOffPending = false;
      this.handOff();
    });
  }

  /**
   * Gives free slots to the next waiters (shoppers first, then pages that can still start in
   * time) and, while more wait, schedules the next hand-off in the following turn of the event
   * loop. When the last turn was long (`BUSY_TURN_MS`: renders are taking the whole process), a
   * turn starts one render only, so requests for kept pages and checkout are read and answered
   * between renders however many wait; otherwise every free slot is filled at once.
   */
  private handOff(): void {
    const now = performance.now();
    const turnMs = now - this.lastHandOffAt;
    this.lastHandOffAt = now;
    let starts = turnMs > BUSY_TURN_MS ? 1 : this.slots;
    while (starts > 0 && this.running < this.slots) {
      let waiter = this.waiting.shopper.shift();
      while (!waiter && this.waiting.page.length > 0) {
        const page = this.waiting.page.shift()!;
        if (now - page.arrivedAt > this.maxWaitMs) page.turnAway();
        else waiter = page;
      }
      if (!waiter) return;
      this.running++;
      starts--;
      waiter.start();
    }
    this.scheduleHandOff();
  }
}
