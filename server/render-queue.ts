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

/**
 * How many pages may wait for a slot per slot. A page arriving when this many already wait is
 * turned away at once (`admitsPage`) instead of after a wait it would spend in vain: the line
 * already holds more than the slots can start within the longest wait on a slow machine, and a
 * visitor told "one moment" at once is better served than one told so after 700 ms. (A freed
 * slot goes to the next in line, so the line never runs dry while a flood lasts.)
 */
const WAITING_PAGES_PER_SLOT = 4;

/**
 * Resolves in the check phase of this turn of the event loop, once every request read in it has
 * come to the queue. On the embedded database a render waits on nothing outside the process:
 * started where its request is read, it ran to its end before the next socket was read, so the
 * queue only ever saw one render at a time and turned nothing away, while a turn read a hundred
 * connections' requests and rendered each in full (a third of a second and more: kept pages,
 * checkout and new connections waited that long for the next turn, seconds for checkout's own
 * hops). Started here, the requests of a turn are counted first: those past the slots wait their
 * turn or are turned away at once, and the turn holds only as many renders as there are slots.
 */
function afterRequestsRead(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

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
  /** Of `running`, the renders of pages anyone may be served. */
  private runningPages = 0;
  /** How many slots pages may take at once: all but one, which waits for shoppers' own renders. */
  private readonly pageSlots: number;
  private handOffPending = false;
  private lastHandOffAt = 0;
  private readonly waiting: Record<RenderPriority, Waiter[]> = { shopper: [], page: [] };
  /** Renders turned away since the start (for /metrics and the bench). */
  turnedAway = 0;
  /** How long a render holds its slot, on average of the last few (ms); 0 until one has finished. */
  private renderMs = 0;

  private readonly maxWaitingPages: number;

  constructor(
    private readonly slots: number,
    private readonly maxWaitMs: number,
  ) {
    // Kept back from three slots up (two would halve the pages' share): a checkout arriving in a
    // flood of new searches then never waits for a search to finish.
    this.pageSlots = slots >= 3 ? slots - 1 : slots;
    this.maxWaitingPages = this.pageSlots * WAITING_PAGES_PER_SLOT;
  }

  /** Runs `task` when a slot is free; `arrivedAt` is when its request arrived (performance.now()). */
  async run<T>(priority: RenderPriority, task: () => Promise<T>, arrivedAt = performance.now()): Promise<T | typeof TURNED_AWAY> {
    const page = priority === "page";
    // Straight to a free slot when nobody it would pass waits (shoppers pass pages waiting), but
    // started after the requests read in this turn (`afterRequestsRead`).
    const ahead = page ? this.queued : this.waiting.shopper.length;
    if (this.mayStart(priority) && ahead === 0) {
      this.take(priority);
      await afterRequestsRead();
    } else if ((page && !this.admitsPage()) || !(await this.turn(priority, arrivedAt))) {
      this.turnedAway++;
      return TURNED_AWAY;
    }
    const startedAt = performance.now();
    try {
      return await task();
    } finally {
      this.running--;
      if (page) this.runningPages--;
      this.noteRenderTime(performance.now() - startedAt);
      this.scheduleHandOff();
    }
  }

  /** Whether a slot is free for a render of this priority (pages leave one to shoppers: `pageSlots`). */
  private mayStart(priority: RenderPriority): boolean {
    return this.running < this.slots && (priority === "shopper" || this.runningPages < this.pageSlots);
  }

  /** Counts a render of this priority as holding a slot. */
  private take(priority: RenderPriority): void {
    this.running++;
    if (priority === "page") this.runningPages++;
  }

  /**
   * Whether a page anyone may be served (`page`), arriving now, could start within the longest
   * wait: a slot is free, or the line is shorter than its cap and, at the pace renders have been
   * finishing, its turn would come in time. The server asks before building anything for such a
   * request (server/render-admission.ts), so a flood is turned away at the cost of a few bytes.
   */
  admitsPage(): boolean {
    if (this.mayStart("page") && this.queued === 0) return true;
    if (this.waiting.page.length >= this.maxWaitingPages) return false;
    // Everyone ahead (shoppers go first) and this page, started `pageSlots` at a time.
    const expectedWaitMs = ((this.queued + 1) / this.pageSlots) * this.renderMs;
    return expectedWaitMs <= this.maxWaitMs;
  }

  /** Counts a finished render into the running average: recent renders weigh most (the machine's pace changes). */
  private noteRenderTime(ms: number): void {
    this.renderMs = this.renderMs === 0 ? ms : this.renderMs * 0.8 + ms * 0.2;
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
      let priority: RenderPriority = "shopper";
      while (!waiter && this.waiting.page.length > 0 && this.mayStart("page")) {
        const page = this.waiting.page.shift()!;
        if (now - page.arrivedAt > this.maxWaitMs) page.turnAway();
        else [waiter, priority] = [page, "page"];
      }
      if (!waiter) return;
      this.take(priority);
      starts--;
      waiter.start();
    }
    this.scheduleHandOff();
  }
}
