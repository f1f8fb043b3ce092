/** Why a review was not saved; routes show the message as it is. */
export class ReviewNotAllowedError extends Error {
  override name = "ReviewNotAllowedError";
  constructor() {
    super("Only customers whose order with this piece has been delivered can review it.");
  }
}

export class ReviewNotFoundError extends Error {
  override name = "ReviewNotFoundError";
  constructor() {
    super("Review not found. It may have been deleted.");
  }
}
