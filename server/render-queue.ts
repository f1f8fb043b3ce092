/**
 * Who a render is for, which decides who goes first when every render slot is busy:
 * - `shopper`: a shopper's own page or action (checkout, an order, sign-in, the account, a form
 *   post, the admin): served first, and never turned away;
 * - `page`: a page anyone may be served that is not kept yet (a new search, a filter, a later
 *   page of a collection): served in turn, and turned away at once when it could not start soon
 *   enough (`maxWaitMs`), so that nobody waits more than a second however many arrive.
 */
export type RenderPriority = "shopper" | "page";

/** What `run` gives instead of the task's result when the render was turned away. */
export const TURNED_AWAY = Symbol("turned away");

interface Waiter {
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
 */
export class RenderQueue {
  private running = 0;
  private readonly waiting: Record<RenderPriority, Waiter[]> = { shopper: [], page: [] };
  /** Renders turned away since the start (for /metrics and the bench). */
  turnedAway = 0;

  constructor(
    private readonly slots: number,
    private readonly maxWaitMs: number,
  ) {}

  async run<T>(priority: RenderPriority, task: () => Promise<T>): Promise<T | typeof TURNED_AWAY> {
    if (this.running < this.slots) this.running++;
    else if (!(await this.turn(priority))) {
      this.turnedAway++;
      return TURNED_AWAY;
    }
    try {
      return await task();
    } finally {
      this.running--;
      this.next();
    }
  }

  /** How many renders wait for a slot now. */
  get queued(): number {
    return this.waiting.shopper.length + this.waiting.page.length;
  }

  /** Waits for a slot: true once it holds one (counted in `running`), false when turned away. */
  private turn(priority: RenderPriority): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const queue = this.waiting[priority];
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve(true);
        },
        turnAway: () => resolve(false),
      };
      if (priority === "page") {
        waiter.timer = setTimeout(() => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          waiter.turnAway();
        }, this.maxWaitMs);
      }
      queue.push(waiter);
    });
  }

  /** Hands a freed slot to the next waiter (it is counted running before it starts). */
  private next(): void {
    const waiter = this.waiting.shopper.shift() ?? this.waiting.page.shift();
    if (!waiter) return;
    this.running++;
    waiter.start();
  }
}
