import Foundation
@testable import LarderTestSupport
import Testing

/// A full weekly sheet — 45 lines, one category of 38 of them, recipes,
/// ticked items and pantry staples for the foot — printed by headless
/// Chromium: one page on A4 and on Letter, for the sheet `larder print`
/// writes and for the site's print page (whose paper the printer chooses:
/// Chromium's default, Letter).
@Suite struct PrintFitTests {
    static let environment = PrintCLITests.environment.merging(["LARDER_SECRET": "print-fit-tests-secret-0123456789"]) { _, new in new }

    /// 38 things Larder files under "Other" (more than a column holds on Letter), 5 it knows, salt (kept: the
    /// list asks for it), a ticked one, and a recipe whose line says where
    /// it came from and whose olive oil the pantry covers (the foot).
    static func kitchen() throws -> TestFolder {
        let folder = try TestFolder()
        try folder.write("larder.json", """
            {"title": "Fit", "units": "metric", "current": "weekly", "baseURL": "https://example.org/fit/",
             "pantry": ["salt", "olive oil"]}
            """)
        let known = ["2 onions", "3 lemons", "500 g cherry tomatoes", "4 bananas", "1 kg apples"]
        let other = (1...38).map { "\($0 % 4 + 1) packs of house blend number \($0)" }
        try folder.write("lists/weekly.md", """
            ---
            title: Weekly groceries
            recipes:
              - recipe: stew
                servings: 6
            ---

            \((known + other).map { "- [ ] \($0)" }.joined(separator: "\n"))
            - [x] 250 g butter
            - [ ] salt

            """)
        try folder.write("recipes/stew.md", """
            ---
            title: Lentil stew for a crowd
            servings: 4
            ---

            ## Ingredients

            - 400 g red lentils
            - 2 tablespoons olive oil

            ## Directions

            1. Cook.

            """)
        return folder
    }

    /// Prints `page` to PDF in Chromium: the PDF and what pdfinfo says of
    /// it ("Pages": "1", "Page size": "612 x 792 pts (letter)").
    static func printToPDF(_ page: URL, into folder: URL) async throws -> (pdf: URL, info: [String: String]) {
        let pdf = folder.appendingPathComponent(page.deletingPathExtension().lastPathComponent + ".pdf")
        let chrome = try await ProcessResult.runDetached(URL(fileURLWithPath: PrintCLITests.chromium), [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-pdf-header-footer",
            "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
            "--print-to-pdf=\(pdf.path)", page.absoluteString,
        ])
        try #require(FileManager.default.fileExists(atPath: pdf.path), "chromium wrote no PDF (exit \(chrome.status)):\n\(chrome.stderr)")
        let info = try ProcessResult.run(URL(fileURLWithPath: PrintCLITests.poppler[0]), [pdf.path])
        try #require(info.status == 0, "\(info.stderr)")
        var fields: [String: String] = [:]
        for line in info.stdout.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (pdf, fields)
    }

    @Test(.enabled(
        if: PrintCLITests.required || PrintCLITests.paperToolsPresent,
        "Chromium and poppler-utils (pdfinfo, pdftotext) are not installed: scripts/setup-test-tools"
    ), arguments: [("a4", "(A4)"), ("letter", "(letter)")])
    func aFullSheetPrintsOnOnePage(_ paper: String, _ pageSize: String) async throws {
        let kitchen = try Self.kitchen()
        let out = try TestFolder("out")
        let text = try ProcessResult.run(
            Repository.binary, ["print", "weekly", "--dir", kitchen.url.path, "--format", "text"], environment: Self.environment
        )
        try #require(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.split(separator: "\n").count { $0.hasPrefix("[ ] ") } == 45, "\(text.stdout)")
        let sheet = out.url.appendingPathComponent("sheet.html")
        let made = try ProcessResult.run(
            Repository.binary, ["print", "weekly", "--dir", kitchen.url.path, "--paper", paper, "-o", sheet.path],
            environment: Self.environment
        )
        try #require(made.status == 0, "\(made.stderr)")
        let info = try await Self.printToPDF(sheet, into: out.url).info
        #expect(info["Pages"] == "1", "\(paper): \(info)")
        #expect(info["Page size"]?.hasSuffix(pageSize) == true, "\(paper): \(info)")
    }

    @Test(.enabled(
        if: PrintCLITests.required || PrintCLITests.paperToolsPresent,
        "Chromium and poppler-utils (pdfinfo, pdftotext) are not installed: scripts/setup-test-tools"
    ))
    func theSitesPrintPagePrintsOnOnePage() async throws {
        let kitchen = try Self.kitchen()
        let out = try TestFolder("out")
        let site = out.url.appendingPathComponent("site")
        let build = try ProcessResult.run(Repository.binary, ["build", kitchen.url.path, "-o", site.path], environment: Self.environment)
        try #require(build.status == 0, "\(build.stderr)")
        let info = try await Self.printToPDF(site.appendingPathComponent("lists/weekly/print/index.html"), into: out.url).info
        #expect(info["Pages"] == "1", "\(info)")
    }
}
