import { useRouteLoaderData } from "react-router";
import { can, type Capability, type Role } from "~/modules/auth/capabilities";

/** What the admin layout's loader hands every admin page about the signed-in staff member. */
export interface AdminViewerData {
  email: string;
  role: Role;
  roleLabel: string;
}

/**
 * The signed-in staff member's role and a `can` for hiding or disabling what their role may not
 * do (decision 047). The server refuses such a post anyway (403): this only spares the click.
 */
export function useAdminViewer(): AdminViewerData & { can: (capability: Capability) => boolean } {
  const data = useRouteLoaderData("routes/admin/layout") as { viewer?: AdminViewerData } | undefined;
  const viewer = data?.viewer ?? { email: "", role: "customer" as Role, roleLabel: "" };
  return { ...viewer, can: (capability) => can(viewer.role, capability) };
}
