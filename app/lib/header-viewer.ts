/** Who the header says is signed in: only what the account menu needs (GET /api/viewer). */
export interface HeaderViewer {
  email: string;
  isAdmin: boolean;
}

/** The header's share of a signed-in viewer. */
export function headerViewerOf(viewer: HeaderViewer): HeaderViewer {
  return { email: viewer.email, isAdmin: viewer.isAdmin };
}
