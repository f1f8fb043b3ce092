import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { queueEmail, type OutgoingEmail } from "~/modules/email/email-outbox.server";
import { optOutUrl } from "~/modules/email/email-opt-outs.server";
import { renderEmail } from "~/modules/email/email-templates.server";
import { getStoreSettings } from "~/modules/settings/settings.server";

/**
 * The invitation to review (docs/product-rules.md §13 "Bringing shoppers back"): the set number of days after an order
 * was marked Delivered (Settings → Notifications, default 3; 0 sends none), its customer gets ONE
 * email linking to the review form of each piece bought. Never for an order cancelled or
 * refunded (in full or in part) by then, never to an address that opted out, never twice:
 * `review_invitations` has one row per order, inserted in the transaction that queues the email,
 * so however many rounds or instances run, an order is invited once. Orders delivered more
 * than INVITATION_WINDOW_DAYS before their invitation was due are left alone (a shop turning
 * the invitation on does not email its whole history).
 */
export const INVITATION_WINDOW_DAYS = 30;
/** Orders invited per round at most. */
const BATCH = 50;
const LOCK = "review-invitations";

export interface InvitationContext {
  origin: string;
  /** The auth secret, which signs the opt-out link. */
  secret: string;
  /** The round's clock (tests); default now. */
  now?: Date;
}

export interface InvitationPiece {
  productId: number;
  name: string;
}

export function reviewInvitationEmail(options: {
  to: string;
  storeName: string;
  customerName: string;
  orderNumber: string;
  pieces: InvitationPiece[];
  origin: string;
  optOutUrl: string;
}): OutgoingEmail {
  const { storeName, pieces, origin } = options;
  const firstName = options.customerName.trim().split(/\s+/)[0] || options.customerName;
  const one = pieces.length === 1;
  const { html, text } = renderEmail({
    storeName,
    preheader: `How ${one ? "does your piece" : "do your pieces"} from ${options.orderNumber} wear? A few words help other shoppers choose.`,
    heading: `How ${one ? "is your piece" : "are your pieces"}, ${firstName}?`,
    paragraphs: [
      `Your order ${options.orderNumber} reached you a few days ago. We hope ${one ? "it fits and wears as it should" : "they fit and wear as they should"}.`,
      `Would you tell other shoppers what you think? A rating and a few words take a minute; photos are welcome. ${one ? "Here is the piece" : "Here are the pieces"} you bought:`,
    ],
    links: pieces.map((p) => ({ label: `Review ${p.name}`, url: `${origin}/product/${p.productId}/review` })),
    closing: ["Sign in with the email address you ordered with, and the form is ready for you."],
    footer: `You receive this email once for this order, because you bought from ${storeName}.`,
    optOut: { label: "No more invitations to review", url: options.optOutUrl },
  });
  return {
    to: options.to,
    subject: `How ${one ? "is your piece" : "are your pieces"} from ${storeName}?`,
    html,
    text,
    kind: "review-invitation",
  };
}

/**
 * One round: invites every order whose time has come (at most BATCH). Returns the number of
 * emails queued. Another instance running its round at the same moment makes this one skip.
 */
export async function sendDueReviewInvitations(db: Db, context: InvitationContext): Promise<number> {
  const settings = await getStoreSettings(db);
  const days = settings.reviewInvitationDays;
  if (days <= 0) return 0;
  const now = (context.now ?? new Date()).toISOString();
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(hashtextextended(${LOCK}, 0)) as locked`);
    if (!lock?.locked) return 0;
    // Delivered long enough ago (the latest "delivered" in its history), neither cancelled nor
    // refunded since, not yet invited; created_at bounds the scan to the status index's range.
    const invited = await queryRows<{ order_id: string; emailed: boolean }>(
      tx,
      sql`with due as (
            select o.id, o.customer_email from orders o
            where o.order_status = 'delivered'
              and o.payment_status not in ('refunded', 'partially_refunded')
              and o.created_at > ${now}::timestamptz - make_interval(days => ${days + INVITATION_WINDOW_DAYS + 120})
              and not exists (select 1 from review_invitations r where r.order_id = o.id)
              and (select max(h.created_at) from order_status_history h where h.order_id = o.id and h.status = 'delivered')
                  between ${now}::timestamptz - make_interval(days => ${days + INVITATION_WINDOW_DAYS})
                      and ${now}::timestamptz - make_interval(days => ${days})
            order by o.created_at
            limit ${BATCH})
          insert into review_invitations (order_id, emailed)
          select due.id, not exists (select 1 from email_opt_outs x
                                     where x.email = lower(btrim(due.customer_email)) and x.kind = 'review-invitations')
          from due
          on conflict (order_id) do nothing
          returning order_id, emailed`,
    );
    let queued = 0;
    for (const { order_id: orderId, emailed } of invited) {
      if (!emailed) continue;
      const [order] = await queryRows<{ order_number: string; customer_name: string; customer_email: string }>(
        tx,
        sql`select order_number, customer_name, customer_email from orders where id = ${orderId}`,
      );
      // Each product bought, once, that is still in the shop (a review needs its page).
      const pieces = await queryRows<{ product_id: number; name: string }>(
        tx,
        sql`select distinct on (i.product_id) i.product_id, p.name from order_items i
            join products p on p.id = i.product_id and p.is_active
            where i.order_id = ${orderId} order by i.product_id`,
      );
      if (!order || pieces.length === 0) {
        await tx.execute(sql`update review_invitations set emailed = false where order_id = ${orderId}`);
        continue;
      }
      await queueEmail(
        tx,
        reviewInvitationEmail({
          to: order.customer_email,
          storeName: settings.storeName,
          customerName: order.customer_name,
          orderNumber: order.order_number,
          pieces: pieces.map((p) => ({ productId: Number(p.product_id), name: p.name })),
          origin: context.origin,
          optOutUrl: optOutUrl(context.origin, context.secret, order.customer_email, "review-invitations"),
        }),
      );
      queued++;
    }
    return queued;
  });
}
