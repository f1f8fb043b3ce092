/**
 * Static content pages: About, Size Guide, Shipping, Returns, Custom Orders, Wholesale and the
 * legal pages. Each page is a list of simple blocks so the route can render it without HTML in
 * the copy.
 *
 * What a setting decides is never written here: the copy names it with a placeholder that
 * fill-content.ts fills from the store settings at render (docs/product-rules.md §13 "Admin settings are
 * real"): {storeName}, {email}, {phone}, {whatsapp}, {address}, {hours}, {freeShippingFrom}
 * (the lowest free-shipping amount among the zones in Ghana), {currencyName} and {price:120000}
 * (an amount in pesewas, shown in the store currency). A passage in [[double brackets]] is left
 * out when a setting it names is empty (a shop without a phone or WhatsApp, or no zone in Ghana
 * that ships free). A { type: "shipping-zones" } block is the table of shipping zones. Settings
 * saves and zone edits drop the page cache, so cached pages follow at once.
 *
 * Figures that are not settings and appear on more than one page (dispatch time, return
 * window, custom lead time and deposit) must be changed everywhere together.
 */
import { brand } from "../lib/brand";

export type ContentBlock =
  | { type: "h2"; text: string }
  | { type: "p"; text: string }
  | { type: "list"; items: string[] }
  // wrapColumn: the one column whose long cells wrap (the others stay on one line).
  // wrapColumn: a column of running text that wraps; stackOnPhones: each row becomes a card below 640 px.
  | { type: "table"; caption: string; head: string[]; rows: string[][]; wrapColumn?: number; stackOnPhones?: boolean }
  // The shop's shipping zones as a table (fill-content.ts builds it from the zones).
  | { type: "shipping-zones" }
  | { type: "note"; text: string } // a highlighted callout
  // A call to action: a link into the shop, shown as a button with a line of text beside it.
  | { type: "action"; text: string; label: string; to: string }
  // WhatsApp click-to-chat with the shop's number and a prefilled message; left out without a number.
  | { type: "whatsapp"; text: string; message: string; href?: string };

export interface ContentPage {
  slug: string; // URL path segment, e.g. "size-guide" → /size-guide
  title: string; // h1 and <title>, e.g. "Size Guide"
  metaDescription: string; // 120–155 characters
  eyebrow: string; // a short kicker above the title, e.g. "Fit & Measurements"
  intro: string; // one or two sentences under the title
  blocks: ContentBlock[];
}

const lastUpdated: ContentBlock = { type: "note", text: "Last updated: 1 November 2026" };

export const contentPages: ContentPage[] = [
  {
    slug: "about",
    title: "About Us",
    metaDescription:
      "{storeName} is an Accra tailoring house founded in Osu in 2011. Meet the master tailors who hand-cut our kaftans, suits, agbada and kente.",
    eyebrow: "Our House",
    intro: `Ahenfie is the Twi word for a palace, the house of a chief. Since ${brand.founded}, our Osu workshop has dressed men for weddings, naming ceremonies, boardrooms and Sunday services, one hand-finished garment at a time.`,
    blocks: [
      { type: "h2", text: "Where we began" },
      {
        type: "p",
        text: `Ahenfie opened in ${brand.founded} as a two-table workroom on Oxford Street in Osu, Accra, with a simple idea: that African menswear deserves the same precision as the finest Savile Row tailoring, and that it should be made here, by the hands that have always made it best. What started with a handful of kaftans for friends and family has grown into a house of master tailors whose work is now worn in Accra, Lagos, London, Toronto and Houston.`,
      },
      { type: "h2", text: "Cloth with a home town" },
      {
        type: "p",
        text: "We know where every length of our fabric comes from, and usually the name of the person who made it.",
      },
      {
        type: "list",
        items: [
          "Kente is hand-woven for us in Bonwire, the Asante village where the cloth was born, in strips that are joined in our workshop.",
          "Fugu, the striped smock cloth of the north, comes from weavers in Tamale, and from Kumasi's cloth markets we source the adinkra and kente accents that finish our ceremonial pieces.",
          "Our ankara is Ghanaian wax print, bought directly from Ghanaian mills and print houses rather than imported imitations.",
          "Suitings and linings are chosen for the West African climate: breathable wools, linen and cotton that hold their shape in the heat.",
        ],
      },
      { type: "h2", text: "Made by hand, finished by hand" },
      {
        type: "p",
        text: "Every {storeName} garment is cut by hand from a paper pattern and sewn by a tailor who sees it through from first cut to final press. Embroidery on our kaftans and agbada is worked by our own embroiderers, and buttonholes, hems and collars are finished by hand. It takes longer, and it shows.",
      },
      { type: "h2", text: "What we stand for" },
      {
        type: "list",
        items: [
          "Craft over speed: we would rather make fewer garments that last for decades.",
          "Fair work: our tailors are paid fairly, trained in-house and credited for their work.",
          "Honest materials: we name our fabrics and where they come from.",
          "Pride of place: everything we sell is made in Accra, and we say so on every label.",
        ],
      },
      { type: "h2", text: "Visit the workshop" },
      {
        type: "p",
        text: `Our workshop and fitting room are at {address}. We welcome visitors by appointment, {hours}, so that a tailor is free to look after you properly. To book, [[call {phone}, ]][[message us on WhatsApp at {whatsapp} or ]]email {email}.`,
      },
      {
        type: "note",
        text: "Planning something special? Our tailors can make a garment to your exact measurements. See Custom Orders for how the bespoke process works.",
      },
    ],
  },

  {
    slug: "size-guide",
    title: "Size Guide",
    metaDescription:
      "Find your {storeName} size: chest, waist, hip, shoulder, sleeve and kaftan length in cm and inches, plus trouser sizes and fit notes for each garment.",
    eyebrow: "Fit & Measurements",
    intro:
      "Our sizes are cut for real men's bodies, not mannequins. Measure yourself once with a soft tape, compare with the tables below, and you will know your {storeName} size for good.",
    blocks: [
      { type: "h2", text: "Tops, kaftans and jackets" },
      {
        type: "table",
        caption:
          "Body measurements by size. Kaftan length is the finished length of our full-length kaftan, from the highest point of the shoulder to the hem.",
        head: [
          "Size",
          "Chest (cm)",
          "Chest (in)",
          "Waist (cm)",
          "Waist (in)",
          "Hip (cm)",
          "Hip (in)",
          "Shoulder (cm)",
          "Shoulder (in)",
          "Sleeve (cm)",
          "Sleeve (in)",
          "Kaftan length (cm)",
          "Kaftan length (in)",
        ],
        rows: [
          ["S", "91–96", "35.8–37.8", "76–81", "29.9–31.9", "91–96", "35.8–37.8", "44", "17.3", "62", "24.4", "112", "44.1"],
          ["M", "97–104", "38.2–40.9", "82–89", "32.3–35.0", "97–104", "38.2–40.9", "46", "18.1", "63.5", "25.0", "115", "45.3"],
          ["L", "105–113", "41.3–44.5", "90–98", "35.4–38.6", "105–112", "41.3–44.1", "48", "18.9", "65", "25.6", "118", "46.5"],
          ["XL", "114–121", "44.9–47.6", "99–107", "39.0–42.1", "113–120", "44.5–47.2", "50", "19.7", "66", "26.0", "120", "47.2"],
          ["XXL", "122–127", "48.0–50.0", "108–115", "42.5–45.3", "121–127", "47.6–50.0", "52", "20.5", "67", "26.4", "122", "48.0"],
        ],
      },
      { type: "h2", text: "Trousers" },
      {
        type: "table",
        caption: "Trouser waist and inseam by size.",
        head: ["Size", "Waist (cm)", "Waist (in)", "Inseam (cm)", "Inseam (in)"],
        rows: [
          ["S", "76–81", "29.9–31.9", "79", "31.1"],
          ["M", "82–89", "32.3–35.0", "80", "31.5"],
          ["L", "90–98", "35.4–38.6", "81", "31.9"],
          ["XL", "99–107", "39.0–42.1", "82", "32.3"],
          ["XXL", "108–115", "42.5–45.3", "83", "32.7"],
        ],
      },
      { type: "h2", text: "How to measure" },
      {
        type: "list",
        items: [
          "1. Wear a thin shirt, stand relaxed and ask someone to hold the tape for you.",
          "2. Chest: measure around the fullest part of your chest, under the arms, keeping the tape level.",
          "3. Waist: measure around your natural waist, just above the navel, where you wear your trousers.",
          "4. Hip: measure around the fullest part of your seat with your feet together.",
          "5. Shoulder: measure across your back from the edge of one shoulder bone to the other.",
          "6. Sleeve: with your arm relaxed at your side, measure from the shoulder edge down to the wrist bone.",
          "7. Inseam: measure from the top of the inner thigh to where you want the trouser to finish.",
          "8. Keep the tape snug but not tight, and round up if you fall between two numbers.",
        ],
      },
      { type: "h2", text: "Fit notes by garment" },
      {
        type: "list",
        items: [
          "Kaftans are cut with a relaxed, easy fit and plenty of room through the chest. Between sizes, take your usual size; size up only if you prefer a looser drape.",
          "Suits are tailored close to the body with a clean shoulder and a tapered trouser. Between sizes, choose the larger: it is easier to take a jacket in than to let it out.",
          "Agbada is made in one generous, flowing size that suits chests up to 132 cm (52 in). Choose the length by your height: Regular for men up to 180 cm (5 ft 11 in), Tall for 180–193 cm (5 ft 11 in to 6 ft 4 in).",
          "Ankara and kente shirts follow the tops table with a comfortable, straight cut that can be worn tucked or untucked.",
          "Trousers leave our workshop with extra cloth in the hem, so they can be let down by up to 4 cm.",
        ],
      },
      {
        type: "note",
        text: "Outside our size range, or want a garment cut to your exact measurements? Our tailors make bespoke pieces to order. See Custom Orders to book a consultation in Accra or by video.",
      },
    ],
  },

  {
    slug: "shipping",
    title: "Shipping Info",
    metaDescription:
      "Delivery from Accra across Ghana and worldwide[[, free in Ghana over {freeShippingFrom}]]: {storeName} shipping fees, delivery times and Pay on Delivery by zone.",
    eyebrow: "Delivery",
    intro:
      "Every order leaves our Osu workshop carefully folded, tissue-wrapped and tracked. Here is what delivery costs, how long it takes and what to expect at your door.",
    blocks: [
      { type: "h2", text: "Delivery costs and times" },
      {
        type: "p",
        text: "What delivery costs depends on where your order goes. Each shipping zone below has a flat fee, and some ship free when your order reaches an amount. Checkout shows the fee and delivery time for your address before you pay, and what you see there is what you are charged.",
      },
      { type: "shipping-zones" },
      {
        type: "p",
        text: "Delivery times are working days after dispatch. They are estimates: customs checks, public holidays and severe weather can occasionally add a few days, and we will keep you informed if your parcel is held up.",
      },
      { type: "h2", text: "Dispatch" },
      {
        type: "p",
        text: "Ready-to-wear pieces are made to stock and dispatched from Accra within 2 business days of your order. Business days are Monday to Friday, excluding Ghanaian public holidays. Bespoke garments are dispatched once they are finished; see Custom Orders for lead times.",
      },
      { type: "h2", text: "Tracking your order" },
      {
        type: "p",
        text: "As soon as your order is dispatched we email you to let you know. You can follow its progress at any time on our Track Order page using your order number and the email address you ordered with.",
      },
      { type: "h2", text: "Customs and duties" },
      {
        type: "p",
        text: "Orders delivered outside Ghana may be charged import duties, taxes and clearance fees by the destination country. These are set by local customs authorities, are not included in our prices or delivery fee, and are paid by the recipient. We declare every parcel accurately and cannot mark orders as gifts.",
      },
      { type: "h2", text: "Paying on delivery" },
      {
        type: "p",
        text: "Pay on Delivery is offered in the zones marked Yes in the table above. Orders to other zones are paid in advance by Card Payment or Mobile Money.",
      },
      {
        type: "note",
        text: `Questions about a delivery? Email {email}[[ or message us on WhatsApp at {whatsapp}]] with your order number, {hours}.`,
      },
    ],
  },

  {
    slug: "returns",
    title: "Returns & Exchanges",
    metaDescription:
      "Return unworn {storeName} pieces within 30 days of delivery. Free size exchanges within Ghana and refunds to your original payment method in 5–10 days.",
    eyebrow: "Customer Care",
    intro:
      "We want every {storeName} garment to feel as though it was made for you. If something is not right, you have 30 days from delivery to return or exchange it.",
    blocks: [
      { type: "h2", text: "Our 30-day policy" },
      {
        type: "p",
        text: "You may return any ready-to-wear item within 30 days of the date it was delivered. To be accepted, items must be:",
      },
      {
        type: "list",
        items: [
          "unworn, apart from trying on indoors;",
          "unwashed, unaltered and free of perfume, make-up or other marks;",
          "returned with all original tags attached and any accessories, such as caps or pocket squares, that came with the garment.",
        ],
      },
      { type: "h2", text: "Custom and made-to-measure pieces" },
      {
        type: "p",
        text: "Custom and made-to-measure garments are cut for one person only, so they are final sale and cannot be returned or exchanged. The exception is a defect: if your garment has a fault in the cloth or the workmanship, or does not match the measurements we agreed with you, we will repair, alter or remake it free of charge.",
      },
      { type: "h2", text: "Exchanges" },
      {
        type: "p",
        text: "Need a different size? Exchanges for another size of the same item are free within Ghana: we arrange collection of the original and deliver the new size at no cost. Outside Ghana, you pay to send the item back to us, and we send the replacement at the standard delivery rate shown on our Shipping Info page. Exchanges depend on stock; if your size is unavailable, we will offer a refund instead.",
      },
      { type: "h2", text: "How to start a return" },
      {
        type: "list",
        items: [
          `1. Email {email} within 30 days of delivery with your order number, the items you are returning and whether you would like a refund or an exchange.`,
          "2. We reply within 2 business days with a return reference and instructions for collection in Ghana or the address to send international returns to.",
          "3. Pack the items securely with your return reference. For international returns, use a tracked service and keep your proof of postage.",
        ],
      },
      { type: "h2", text: "Refunds" },
      {
        type: "p",
        text: "Once your return reaches our Osu workshop, we inspect it and email you the outcome. Approved refunds are paid to your original payment method within 5–10 business days of inspection: card refunds go back to the card you used, Mobile Money refunds to the wallet you paid from, and Pay on Delivery orders are refunded by Mobile Money or bank transfer to an account in your name.",
      },
      {
        type: "p",
        text: "Delivery fees are not refunded unless the item was faulty or we sent the wrong one. Customs duties and taxes paid on international orders are charged by the destination country and cannot be refunded by us.",
      },
      {
        type: "note",
        text: `Received something faulty or incorrect? Tell us as soon as you can at {email}[[ or on WhatsApp at {whatsapp}]], with a photo, and we will put it right at our cost.`,
      },
    ],
  },

  {
    slug: "custom-orders",
    title: "Custom Orders",
    metaDescription:
      "Bespoke kaftans, suits and agbada made to your measurements by our Accra master tailors. Consultations in Osu or by video, ready in 3–6 weeks.",
    eyebrow: "Bespoke Tailoring",
    intro:
      "A bespoke {storeName} garment is cut for you alone: your measurements, your cloth, your details. Whether you visit us in Osu or speak to us by video from abroad, the process is personal from the first conversation.",
    blocks: [
      {
        type: "action",
        text: "Tell us the garment, the occasion, your date and budget; add your measurements and reference photos if you have them. A tailor replies within two working days.",
        label: "Request a custom order",
        to: "/custom-orders/request",
      },
      { type: "h2", text: "How it works" },
      {
        type: "list",
        items: [
          "1. Request and consultation: send us a request with the form above, then meet a master tailor at our Osu workshop or on a video call. We talk through the occasion, the style you have in mind and how you like your clothes to fit.",
          "2. Fabric choice: choose from our kente, fugu, ankara, linen and suiting, or bring your own cloth. Clients abroad receive photographs and, on request, posted swatches.",
          "3. Measurements: in Accra we take around twenty measurements ourselves. By video, we guide you and a helper through each one and check them against a garment you already love.",
          "4. First fitting: in Accra, you try the garment at the basted stage so we can refine the fit. For clients abroad, we fit the garment on a form built to your measurements and review it with you on a video call before finishing.",
          "5. Delivery: we finish, press and pack your garment, then deliver it or have it ready for collection in Osu.",
        ],
      },
      { type: "h2", text: "Lead times" },
      {
        type: "p",
        text: "A typical bespoke order takes 3–6 weeks from your confirmed measurements and deposit to dispatch, depending on the garment and the cloth. Hand-woven kente commissioned to your own pattern can take longer; we will give you a firm date at your consultation. Delivery times then follow our Shipping Info page.",
      },
      { type: "h2", text: "Price guide" },
      {
        type: "list",
        items: [
          "Bespoke kaftan: from {price:120000}",
          "Bespoke suit: from {price:350000}",
          "Agbada, kente and fugu pieces: quoted at consultation, as the price depends largely on the cloth",
        ],
      },
      {
        type: "p",
        text: "Your quote is confirmed in writing before any work begins. We take a 50% deposit, paid by Card Payment or Mobile Money, to reserve your place in the cutting schedule and buy your cloth. The balance is due before dispatch or on collection. If you cancel before your cloth has been cut, we refund the deposit less the cost of any fabric bought specially for you.",
      },
      { type: "h2", text: "Weddings and group orders" },
      {
        type: "p",
        text: "We love dressing a whole wedding party. Grooms can have a ceremonial piece and a reception suit designed together, and groomsmen can be dressed in matching or coordinating cloth, measured in Osu or by video wherever they live. For groups of five or more, please allow 6–8 weeks, and let us know your date at your first enquiry so we can plan the fittings around it.",
      },
      {
        type: "note",
        text: `Bespoke garments are made for you alone and are final sale, except for defects. If a garment does not match the measurements we agreed, we alter or remake it free of charge. To book a consultation, send a request with our form, email {email}[[, call {phone}]][[ or message us on WhatsApp at {whatsapp}]].`,
      },
      {
        type: "whatsapp",
        text: "Chat with our tailors on WhatsApp",
        message: "Hello, I would like to book a consultation for a bespoke garment.",
      },
    ],
  },

  {
    slug: "wholesale",
    title: "Wholesale",
    metaDescription:
      "Stock {storeName} in your boutique. Wholesale African menswear from Accra, from 20 pieces, with tiered discounts of up to 35% and private label on request.",
    eyebrow: "For Retailers",
    intro:
      "We partner with boutiques, concept stores and menswear retailers around the world who want to offer their customers authentic, hand-finished Ghanaian tailoring.",
    blocks: [
      { type: "h2", text: "Who we work with" },
      {
        type: "p",
        text: "Our wholesale partners range from independent boutiques in Accra and Kumasi to menswear stores in Lagos, London, Atlanta and Toronto. We look for retailers who care about craft and can tell the story of where each garment comes from. Bridal and occasion-wear specialists are especially welcome.",
      },
      { type: "h2", text: "Minimum order and pricing" },
      {
        type: "p",
        text: "The minimum wholesale order is 20 pieces, which you can mix across styles and sizes, with at least 4 pieces of each style. Discounts are taken from our retail prices in {currencyName} and grow with the size of your order.",
      },
      {
        type: "table",
        caption: "Wholesale discounts by order size.",
        head: ["Pieces per order", "Discount off retail"],
        rows: [
          ["20–49", "25%"],
          ["50–99", "30%"],
          ["100+", "35%"],
        ],
      },
      { type: "h2", text: "Lead times" },
      {
        type: "list",
        items: [
          "Styles we hold in stock: dispatched within 10 business days of your confirmed order.",
          "Production orders cut for you: 4–8 weeks, depending on quantity and cloth.",
          "Private label orders: allow an extra 1–2 weeks for labels and packaging.",
        ],
      },
      { type: "h2", text: "Private label" },
      {
        type: "p",
        text: "On request, we can produce selected styles under your own label, with your woven labels, swing tags and packaging. Private label orders start at 50 pieces, and we will share samples for approval before production begins.",
      },
      { type: "h2", text: "Payment and shipping" },
      {
        type: "p",
        text: "Wholesale orders are confirmed with a 50% deposit, with the balance due before dispatch. Our retail delivery rates do not apply to wholesale: we quote freight for each order, by courier or air cargo from Accra. Import duties and taxes are paid by the buyer.",
      },
      { type: "h2", text: "How to apply" },
      {
        type: "p",
        text: `Email {email} with the subject "Wholesale application" and tell us:`,
      },
      {
        type: "list",
        items: [
          "your business name, registered address and country;",
          "your website or social media and a few photographs of your store;",
          "your business registration or VAT number;",
          "the styles you are interested in and your estimated quantities.",
        ],
      },
      {
        type: "note",
        text: "We reply to every application within 3 business days with our current wholesale catalogue and price list.",
      },
    ],
  },

  {
    slug: "privacy",
    title: "Privacy Policy",
    metaDescription:
      "How {storeName} collects, uses and protects your personal data under Ghana's Data Protection Act, 2012 (Act 843) and the GDPR. We never sell your data.",
    eyebrow: "Legal",
    intro:
      "Your trust matters to us as much as the fit of your garment. This policy explains what personal data we collect, why we use it and the choices you have.",
    blocks: [
      lastUpdated,
      { type: "h2", text: "Who we are" },
      {
        type: "p",
        text: `This website is operated by {storeName} — Accra Tailoring House, {address} ("{storeName}", "we", "us"). We are the data controller for the personal data described here.`,
      },
      { type: "h2", text: "What we collect" },
      {
        type: "list",
        items: [
          "When you check out: your name, email address, phone number and delivery address, and the details of your order.",
          "When you join our newsletter: your email address.",
          "When you create an account: your email address and a securely hashed version of your password. We never store your password itself.",
          "When you contact us: the messages you send and any measurements or photographs you share for a custom order.",
        ],
      },
      {
        type: "p",
        text: "Card and Mobile Money payments are handled by our payment processors; we never see or store your full card number or your Mobile Money PIN.",
      },
      { type: "h2", text: "Why we use it, and our legal basis" },
      {
        type: "list",
        items: [
          "To process, deliver and support your orders, returns and custom commissions: necessary to perform our contract with you.",
          "To keep tax and accounting records: necessary to meet our legal obligations.",
          "To send our newsletter: your consent, which you can withdraw at any time using the unsubscribe link in every email.",
          "To keep the shop secure and prevent fraud: our legitimate interests.",
        ],
      },
      { type: "h2", text: "Who we share it with" },
      {
        type: "p",
        text: "We share only what is needed with couriers, so they can deliver your order, and with payment processors, so they can take your payment. They may use your data only for that purpose. We do not sell, rent or trade your personal data, and we do not share it with advertisers. Where a provider handles data outside Ghana, we require it to protect your data to the standard that Ghanaian law and, for our EU customers, the GDPR require.",
      },
      { type: "h2", text: "How long we keep it" },
      {
        type: "p",
        text: "Order records are kept for 6 years for tax records. Newsletter details are kept until you unsubscribe, and account details until you ask us to close your account. Other correspondence is deleted within 2 years of our last contact unless it relates to an order.",
      },
      { type: "h2", text: "Your rights" },
      {
        type: "p",
        text: "Under Ghana's Data Protection Act, 2012 (Act 843), you may ask to see the personal data we hold about you, have it corrected or deleted, and object to how we use it. If you are in the European Union, the GDPR also gives you the rights to restrict processing, to data portability and to withdraw consent at any time. We respond to requests within one month, free of charge. You may also complain to Ghana's Data Protection Commission or to your local data protection authority.",
      },
      { type: "h2", text: "Cookies" },
      {
        type: "p",
        text: "We use only strictly necessary cookies and your browser's local storage. Our Cookie Policy explains exactly what they do.",
      },
      { type: "h2", text: "Contact us" },
      {
        type: "p",
        text: `For any privacy question or request, email {email} with the subject "Privacy"[[, call {phone}]] or write to us at {address}.`,
      },
    ],
  },

  {
    slug: "terms",
    title: "Terms of Service",
    metaDescription:
      "The terms for buying from {storeName}: prices in {currencyName}, order acceptance, payment, delivery, returns, liability and the law of Ghana that governs them.",
    eyebrow: "Legal",
    intro:
      "These terms apply to every purchase from the {storeName} online shop. Please read them before placing an order; by ordering, you agree to them.",
    blocks: [
      lastUpdated,
      { type: "h2", text: "1. Who we are" },
      {
        type: "p",
        text: `This shop is run by {storeName} — Accra Tailoring House, {address}. You can reach us at {email}[[ or {phone}]].`,
      },
      { type: "h2", text: "2. Prices" },
      {
        type: "p",
        text: "All prices are in {currencyName} and include VAT where applicable. Delivery fees are shown separately at checkout. If your card is issued outside Ghana, your bank may apply its own exchange rate and fees. Import duties and taxes on international orders are not included and are paid by the recipient.",
      },
      { type: "h2", text: "3. Your order" },
      {
        type: "p",
        text: "After you place an order, we email you to acknowledge it. This acknowledgement is not acceptance: a contract is formed only when we confirm your order. We may decline an order, for example if an item is out of stock, if we cannot verify payment or if the delivery address is outside our delivery area.",
      },
      { type: "h2", text: "4. Stock and pricing errors" },
      {
        type: "p",
        text: "We work hard to keep stock levels and prices accurate, but mistakes can happen. If an item is unavailable or its price is clearly wrong, we will contact you before confirming your order, and you may cancel for a full refund of anything you have paid.",
      },
      { type: "h2", text: "5. Payment" },
      {
        type: "list",
        items: [
          "Pay on Delivery: for ready-to-wear orders delivered where our Shipping Info page offers it.",
          "Card Payment: processed securely by our payment processor and charged in Ghana cedi.",
          "Mobile Money: paid from your Mobile Money wallet when you order.",
        ],
      },
      {
        type: "p",
        text: "Custom orders require a 50% deposit, with the balance due before dispatch or on collection, as set out on our Custom Orders page.",
      },
      { type: "h2", text: "6. Delivery" },
      {
        type: "p",
        text: "We deliver to the address you give at checkout. Delivery times are estimates, not guarantees, and are set out on our Shipping Info page. Responsibility for your order passes to you on delivery.",
      },
      { type: "h2", text: "7. Returns" },
      {
        type: "p",
        text: "Ready-to-wear items can be returned within 30 days of delivery under our Returns & Exchanges policy. Custom and made-to-measure items are final sale except for defects. Nothing in these terms limits your statutory rights as a consumer.",
      },
      { type: "h2", text: "8. Intellectual property" },
      {
        type: "p",
        text: "The {storeName} name and logo, our designs, photographs and the text of this website belong to {storeName} and may not be copied or used commercially without our written permission. Traditional cloths such as kente, fugu and adinkra belong to Ghana's shared heritage, and we credit the communities that make them.",
      },
      { type: "h2", text: "9. Our liability" },
      {
        type: "p",
        text: "If we fail to meet these terms, we are responsible for loss that is a foreseeable result of our failure, up to the price you paid for the order concerned. We are not responsible for delays caused by events beyond our reasonable control. We do not exclude liability where the law does not allow it, including for death or personal injury caused by our negligence, or for fraud.",
      },
      { type: "h2", text: "10. Governing law" },
      {
        type: "p",
        text: "These terms are governed by the laws of the Republic of Ghana, and disputes will be heard by the courts of Ghana. If you live elsewhere, you keep any protections that the consumer law of your country gives you. We would always rather resolve a concern with you directly first, so please contact us.",
      },
    ],
  },

  {
    slug: "cookies",
    title: "Cookie Policy",
    metaDescription:
      "{storeName} uses only strictly necessary cookies and local storage for your cart and wishlist. No advertising or third-party tracking. How to clear them.",
    eyebrow: "Legal",
    intro:
      "We keep cookies to the minimum the shop needs to work. There is no advertising, no profiling and no third-party tracking on this website.",
    blocks: [
      lastUpdated,
      { type: "h2", text: "What cookies and local storage are" },
      {
        type: "p",
        text: "Cookies are small text files that a website saves in your browser. Local storage is a similar feature that lets a website keep information on your device. Neither can run programs or read other files on your device.",
      },
      { type: "h2", text: "The cookies we use" },
      {
        type: "p",
        text: "We use only strictly necessary cookies. Without them, parts of the shop would not work, so under data protection law they do not need your consent.",
      },
      {
        type: "table",
        caption: "Cookies and local storage used on this website.",
        head: ["What", "Type", "Purpose", "How long it lasts"],
        rows: [
          [
            "Session cookie",
            "Strictly necessary cookie",
            "Keeps you signed in to your account securely as you move between pages.",
            "Until you sign out or the session expires",
          ],
          [
            "Sidebar preference",
            "Strictly necessary cookie",
            "For our staff only: remembers whether the sidebar in the shop's admin area is open or closed.",
            "Until cleared",
          ],
          [
            "Cart",
            "Local storage",
            "Remembers the items in your cart on your device.",
            "Until your cart is emptied or you clear your browser data",
          ],
          [
            "Wishlist",
            "Local storage",
            "Remembers the pieces you have saved on your device.",
            "Until you remove the pieces or clear your browser data",
          ],
        ],
      },
      { type: "h2", text: "What we do not use" },
      {
        type: "list",
        items: [
          "No advertising or retargeting cookies.",
          "No third-party tracking cookies, social media pixels or cross-site profiling.",
          "Nothing that sells or shares your browsing with anyone else.",
        ],
      },
      {
        type: "p",
        text: "If a payment step takes you to our payment processor's secure page, that provider may set cookies it needs to complete the payment and prevent fraud, under its own policy.",
      },
      { type: "h2", text: "How to clear them" },
      {
        type: "p",
        text: "You can delete cookies and local storage at any time in your browser's settings, usually under Privacy or Site Data, and you can choose to clear data for this website only. Signing out removes your session. Please bear in mind that clearing local storage empties your cart and wishlist on that device, and blocking all cookies will stop you signing in to your account.",
      },
      {
        type: "p",
        text: `If we ever add a cookie that is not strictly necessary, we will update this policy and ask for your consent first. Questions? Email {email}.`,
      },
    ],
  },
];

export const contentPageSlugs: string[] = contentPages.map((p) => p.slug);

export function findContentPage(slug: string): ContentPage | undefined {
  return contentPages.find((p) => p.slug === slug);
}
