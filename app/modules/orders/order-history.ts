/** Orders on one page of the customer's order history (docs/product-rules.md §13 "Accounts"). */
export const ORDER_HISTORY_PAGE_SIZE = 10;
