import sharp from "sharp";
import type { AppLoadContext } from "react-router";
import { beforeAll, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { action as logoAction } from "~/routes/admin/settings-logo";
import { userRoles } from "~db/schema/store";
import { getStoreSettings, invalidateStoreSettingsCache } from "~/modules/settings/settings.server";
import { readUploadedFile } from "~/modules/uploads/uploaded-files.server";
import { createUser } from "../factories/users";
import { TEST_ORIGIN, signedInAs, testLoadContext } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";

/**
 * Settings → General's logo through its route (decision 032): an admin's PNG becomes a small
 * WebP in the uploads and the header's logo; a file of another kind or over 2 MB is refused with
 * its message and changes nothing; a customer cannot post; removing brings the name back.
 */
describeWithDatabase("store logo upload", (database) => {
  let adminId: string;
  let customerId: string;
  beforeAll(async () => {
    adminId = (await createUser(database.db, { email: "logo-owner@example.com", name: "Owner" })).id;
    await database.db.insert(userRoles).values({ userId: adminId, role: "owner" });
    customerId = (await createUser(database.db, { email: "logo-shopper@example.com", name: "Kofi" })).id;
  });

  const adminContext = () =>
    testLoadContext(database, { auth: signedInAs({ id: adminId, email: "logo-owner@example.com", name: "Owner" }) });
  const customerContext = () =>
    testLoadContext(database, { auth: signedInAs({ id: customerId, email: "logo-shopper@example.com", name: "Kofi" }) });

  function post(form: FormData) {
    return new Request(`${TEST_ORIGIN}/admin/settings/logo`, {
      method: "POST",
      headers: { cookie: "ahenfie.session_token=abc", origin: TEST_ORIGIN },
      body: form,
    });
  }
  async function act(form: FormData, context: AppLoadContext = adminContext()) {
    const answer = (await logoAction({ request: post(form), context, params: {} } as unknown as Parameters<
      typeof logoAction
    >[0])) as unknown;
    const d = answer as { data?: unknown; init?: ResponseInit | null };
    return d && typeof d === "object" && "init" in d ? { status: d.init?.status ?? 200, body: d.data } : { status: 200, body: answer };
  }
  const upload = (bytes: Uint8Array, type = "image/png", name = "logo.png") => {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("logo", new File([bytes as BlobPart], name, { type }));
    return form;
  };
  const remove = () => {
    const form = new FormData();
    form.set("intent", "remove");
    return form;
  };
  async function storedLogo() {
    invalidateStoreSettingsCache();
    return (await getStoreSettings(database.db)).logo;
  }
  /** A wide transparent PNG with a gold mark, as an owner's logo file would be. */
  const logoPng = (width: number, height: number, colour = "#c9a227") =>
    sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: { create: { width: Math.round(width / 2), height: Math.round(height / 2), channels: 4, background: colour } },
          gravity: "centre",
        },
      ])
      .png()
      .toBuffer();

  it("an admin's PNG becomes a WebP of at most 480×160 in the uploads, and every page's header gets it", async () => {
    const answer = await act(upload(await logoPng(1200, 400)));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, message: "Logo saved: it shows in the header and footer." });
    const logo = await storedLogo();
    expect(logo).toMatchObject({ width: 480, height: 160 });
    expect(logo!.url).toMatch(/^\/uploads\/logos\/[0-9a-f]{32}\.webp$/);
    const file = await readUploadedFile(database.db, logo!.url.slice("/uploads/".length));
    expect(file?.contentType).toBe("image/webp");
    const metadata = await sharp(file!.bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 480, height: 160, hasAlpha: true });
    // The root data every storefront page reads carries it (the header and footer show it).
    const root = (await rootLoader({
      request: new Request(`${TEST_ORIGIN}/`),
      context: adminContext(),
      params: {},
    } as unknown as Parameters<typeof rootLoader>[0])) as unknown as { data: { store: { logo: unknown } } };
    expect(root.data.store.logo).toEqual(logo);
  });

  it("a small logo is never enlarged; a new logo replaces the old one, whose file goes", async () => {
    const before = await storedLogo();
    expect((await act(upload(await logoPng(200, 60, "#0f3d2e")))).status).toBe(200);
    const after = await storedLogo();
    expect(after).toMatchObject({ width: 200, height: 60 });
    expect(after!.url).not.toBe(before!.url);
    expect(await readUploadedFile(database.db, before!.url.slice("/uploads/".length))).toBeNull();
    expect(await readUploadedFile(database.db, after!.url.slice("/uploads/".length))).not.toBeNull();
  });

  it("refuses a file that is not a PNG, JPEG or WebP by its content, whatever it claims to be, and keeps the logo", async () => {
    const kept = await storedLogo();
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    for (const [bytes, type, name] of [
      [gif, "image/png", "logo.png"],
      [new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/svg+xml", "logo.svg"],
      [new TextEncoder().encode("not a picture at all"), "image/png", "logo.png"],
    ] as const) {
      const answer = await act(upload(new Uint8Array(bytes), type, name));
      expect(answer.status, name).toBe(400);
      expect((answer.body as { ok: boolean }).ok).toBe(false);
      expect((answer.body as { message: string }).message).toMatch(/PNG, JPEG or WebP|could not be read as a picture/);
    }
    expect(await storedLogo()).toEqual(kept);
  });

  it("refuses a logo over 2 MB, before reading it when its size is announced", async () => {
    const kept = await storedLogo();
    // Noise does not compress: a real PNG just over the limit.
    const noise = new Uint8Array(1100 * 1100 * 3).map(() => Math.floor(Math.random() * 256));
    const big = await sharp(noise, { raw: { width: 1100, height: 1100, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.byteLength).toBeGreaterThan(2 * 1024 * 1024);
    const tooLarge = { ok: false, message: "The logo is too large. Please upload one of at most 2 MB." };
    // Sent without its length (chunked): read, then refused by its size.
    expect(await act(upload(big))).toEqual({ status: 400, body: tooLarge });
    // With its length announced: refused before a byte is read.
    const form = post(upload(big));
    const body = await form.arrayBuffer();
    const announced = new Request(form.url, {
      method: "POST",
      headers: { ...Object.fromEntries(form.headers), "content-length": String(body.byteLength) },
      body,
    });
    const answer = (await logoAction({ request: announced, context: adminContext(), params: {} } as unknown as Parameters<
      typeof logoAction
    >[0])) as unknown as { data: unknown; init: ResponseInit };
    expect(answer.init.status).toBe(413);
    expect(answer.data).toEqual(tooLarge);
    expect(await storedLogo()).toEqual(kept);
  });

  it("refuses a customer (403) and changes nothing", async () => {
    const kept = await storedLogo();
    await expect(act(upload(await logoPng(300, 100)), customerContext())).rejects.toMatchObject({ init: { status: 403 } });
    await expect(act(remove(), customerContext())).rejects.toMatchObject({ init: { status: 403 } });
    expect(await storedLogo()).toEqual(kept);
  });

  it("removing brings back the text wordmark and deletes the file; removing again is harmless", async () => {
    const kept = await storedLogo();
    expect(await act(remove())).toEqual({
      status: 200,
      body: { ok: true, message: "Logo removed: the store name shows instead.", logo: null },
    });
    expect(await storedLogo()).toBeNull();
    expect(await readUploadedFile(database.db, kept!.url.slice("/uploads/".length))).toBeNull();
    expect((await act(remove())).status).toBe(200);
    expect(await storedLogo()).toBeNull();
  });
});
