import { Tabs } from "radix-ui";
import { useState } from "react";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

const tabTrigger =
  "flex-1 cursor-pointer border-b-2 border-transparent pb-3 text-sm font-semibold tracking-[0.14em] text-stone uppercase transition-colors hover:text-charcoal data-[state=active]:border-gold data-[state=active]:text-charcoal focus-visible:outline-2 focus-visible:outline-gold";

/** /auth's forms: Sign In and Sign Up in tabs, with one toggle for every password box (app/islands/auth.ts). */
export function AuthForms({ redirectTo }: { redirectTo: string }) {
  const [showPasswords, setShowPasswords] = useState(false);
  const toggle = () => setShowPasswords((v) => !v);
  return (
    <Tabs.Root defaultValue="sign-in" className="mt-8">
      <Tabs.List aria-label="Sign in or sign up" className="flex gap-6 border-b border-border">
        <Tabs.Trigger value="sign-in" className={tabTrigger}>
          Sign In
        </Tabs.Trigger>
        <Tabs.Trigger value="sign-up" className={tabTrigger}>
          Sign Up
        </Tabs.Trigger>
      </Tabs.List>
      {/* Both tabs stay mounted so what was typed survives switching. */}
      <Tabs.Content value="sign-in" forceMount className="pt-7 data-[state=inactive]:hidden">
        <SignInForm redirectTo={redirectTo} showPasswords={showPasswords} onTogglePasswords={toggle} />
      </Tabs.Content>
      <Tabs.Content value="sign-up" forceMount className="pt-7 data-[state=inactive]:hidden">
        <SignUpForm showPasswords={showPasswords} onTogglePasswords={toggle} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
