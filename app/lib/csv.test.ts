import { describe, expect, it } from "vitest";
import { csvCell, csvLine, toCsv } from "./csv";

describe("CSV export", () => {
  it("writes plain text, numbers, booleans, dates and empties as they are", () => {
    expect(csvCell("Ama Mensah")).toBe("Ama Mensah");
    expect(csvCell(89_997)).toBe("89997");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe("2026-01-02T03:04:05.000Z");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(Number.NaN)).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvCell("12 Ring Road, Accra")).toBe('"12 Ring Road, Accra"');
    expect(csvCell('The "Royal" Kaftan')).toBe('"The ""Royal"" Kaftan"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("guards text that a spreadsheet would run as a formula with a leading apostrophe", () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell("+233 24 000 0000")).toBe("'+233 24 000 0000");
    expect(csvCell("-1+1")).toBe("'-1+1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("builds a document with a header and CRLF line ends", () => {
    const rows = [
      { name: "Ama", total: 89_997 },
      { name: "Kofi, Jr.", total: 5_000 },
    ];
    const csv = toCsv(
      [
        { header: "Name", value: (r: (typeof rows)[number]) => r.name },
        { header: "Total", value: (r: (typeof rows)[number]) => r.total },
      ],
      rows,
    );
    expect(csv).toBe('Name,Total\r\nAma,89997\r\n"Kofi, Jr.",5000\r\n');
    expect(csvLine(["a", 1, null])).toBe("a,1,");
  });
});
