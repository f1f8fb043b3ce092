/** Who the header says is signed in: only what the account menu needs (GET /api/viewer). */
export interface HeaderViewer {
  email: string;
  isAdmin: boolean;
}
