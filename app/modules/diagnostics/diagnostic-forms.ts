import { z } from "zod";

/** The Diagnostic page's one form by intent: "Make Current User Admin" (what it needs: admin-access.ts). */
export const diagnosticForms = { "claim-admin": z.object({}) };
