import type { AppLoadContext } from "react-router";
import { nameActivityActor } from "~db/activity-scope";
import type { Viewer } from "~/modules/auth/session.server";

/**
 * Names the member of staff acting for the rest of this request (decision 049): the admin's
 * action guard calls it once the role and the form's capability passed, so every transaction of
 * the action records its changes in the activity log as theirs, with their address and the form.
 */
export function actAsStaff(
  viewer: Pick<Viewer, "id" | "name" | "email" | "role">,
  context: Pick<AppLoadContext, "clientIp">,
  action: string,
): void {
  nameActivityActor({
    id: viewer.id,
    name: viewer.name?.trim() || viewer.email,
    role: viewer.role,
    ip: context.clientIp || null,
    action,
  });
}
