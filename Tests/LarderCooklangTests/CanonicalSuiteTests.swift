import Foundation
import LarderCooklang
import Testing
import Yams

/// The Cooklang spec's conformance cases (tests/canonical.yaml), read from
/// `shared/` beside the repository (never copied into it; CI checks it out
/// there): every case's source is parsed and the document, in the
/// canonical shape, must equal the expected result.
struct CanonicalSuiteTests {
    static let file: URL = {
        var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/",
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path)
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("../shared/conformance/cooklang/canonical.yaml").standardizedFileURL
    }()

    static let cases: [String: CanonicalCase] = (try? CanonicalCase.load(from: file)) ?? [:]

    @Test("canonical.yaml is there, with all its cases")
    func suiteIsPresent() throws {
        #expect(
            FileManager.default.fileExists(atPath: Self.file.path),
            "canonical.yaml not found at \(Self.file.path): the conformance data lives in ../shared beside the clone (CI checks it out there)")
        _ = try CanonicalCase.load(from: Self.file)
        // version 7 has 60; fewer means the file was not read whole.
        #expect(Self.cases.count >= 60)
    }

    @Test("canonical.yaml", arguments: cases.keys.sorted())
    func canonical(name: String) throws {
        let expected = try #require(Self.cases[name])
        let document = CooklangParser.parse(expected.source, path: "\(name).cook")
        #expect(CanonicalShape.steps(of: document) == expected.steps)
        #expect(try CanonicalShape.metadata(of: document) == expected.metadata)
        // The invalid cases (`@ chilli`) are plain text, with no diagnostic.
        #expect(document.diagnostics == [])
    }
}

/// One case: its source and its expected result in the canonical shape.
struct CanonicalCase: Sendable {
    var source: String
    var steps: [[CanonicalItem]]
    var metadata: [String: String]

    static func load(from file: URL) throws -> [String: CanonicalCase] {
        let yaml = try String(contentsOf: file, encoding: .utf8)
        guard let root = try Yams.load(yaml: yaml) as? [String: Any], let tests = root["tests"] as? [String: Any]
        else { throw CanonicalError.shape("no `tests` mapping") }
        return try tests.mapValues { value in
            guard let test = value as? [String: Any], let source = test["source"] as? String,
                let result = test["result"] as? [String: Any], let steps = result["steps"] as? [[[String: Any]]]
            else { throw CanonicalError.shape("a case without source or result.steps") }
            let metadata = (result["metadata"] as? [String: Any] ?? [:]).mapValues { "\($0)" }
            return CanonicalCase(
                source: source, steps: try steps.map { try $0.map(CanonicalItem.init(expected:)) }, metadata: metadata)
        }
    }
}

enum CanonicalError: Error {
    case shape(String)
}

/// A step item as canonical.yaml writes it.
enum CanonicalItem: Sendable, Hashable, CustomStringConvertible {
    case text(String)
    case ingredient(name: String, quantity: CanonicalQuantity, units: String)
    case cookware(name: String, quantity: CanonicalQuantity)
    case timer(name: String, quantity: CanonicalQuantity, units: String)

    init(expected item: [String: Any]) throws {
        let name = item["name"] as? String ?? ""
        let units = item["units"] as? String ?? ""
        let quantity = CanonicalQuantity(yaml: item["quantity"])
        switch item["type"] as? String {
        case "text": self = .text(item["value"] as? String ?? "")
        case "ingredient": self = .ingredient(name: name, quantity: quantity, units: units)
        case "cookware": self = .cookware(name: name, quantity: quantity)
        case "timer": self = .timer(name: name, quantity: quantity, units: units)
        default: throw CanonicalError.shape("unknown item \(item)")
        }
    }

    var description: String {
        switch self {
        case .text(let value): "text(\(value.debugDescription))"
        case .ingredient(let name, let quantity, let units): "ingredient(\(name), \(quantity), \(units.debugDescription))"
        case .cookware(let name, let quantity): "cookware(\(name), \(quantity))"
        case .timer(let name, let quantity, let units): "timer(\(name), \(quantity), \(units.debugDescription))"
        }
    }
}

/// A YAML number, or the text when the quantity is not numeric.
enum CanonicalQuantity: Sendable, Hashable, CustomStringConvertible {
    case number(Double)
    case text(String)

    init(yaml: Any?) {
        switch yaml {
        case let value as Int: self = .number(Double(value))
        case let value as Double: self = .number(value)
        case let value as String: self = .text(value)
        default: self = .text("\(yaml ?? "")")
        }
    }

    var description: String {
        switch self {
        case .number(let value): "\(value)"
        case .text(let value): value.debugDescription
        }
    }
}

/// A parsed document in canonical.yaml's shape: the conventions its README
/// describes (no amount is "some" for an ingredient, 1 for cookware and ""
/// for a timer; numbers come from `Amount.number`).
enum CanonicalShape {
    static func steps(of document: CooklangDocument) -> [[CanonicalItem]] {
        document.sections.flatMap(\.blocks).compactMap { block in
            guard case .step(let step) = block else { return nil }
            return step.parts.map(item)
        }
    }

    static func item(_ part: CooklangDocument.Part) -> CanonicalItem {
        switch part {
        case .text(let text):
            .text(text)
        case .ingredient(let ingredient):
            .ingredient(
                name: ingredient.name, quantity: quantity(ingredient.amount, none: .text("some")),
                units: ingredient.amount?.unit ?? "")
        case .cookware(let cookware):
            .cookware(name: cookware.name, quantity: quantity(cookware.amount, none: .number(1)))
        case .timer(let timer):
            .timer(name: timer.name, quantity: quantity(timer.amount, none: .text("")), units: timer.amount?.unit ?? "")
        }
    }

    static func quantity(_ amount: CooklangDocument.Amount?, none: CanonicalQuantity) -> CanonicalQuantity {
        guard let amount, !amount.quantity.isEmpty else { return none }
        if let number = amount.number { return .number(number.doubleValue) }
        return .text(amount.quantity)
    }

    /// The front matter's entries, values as text.
    static func metadata(of document: CooklangDocument) throws -> [String: String] {
        guard let block = document.frontMatter else { return [:] }
        if let mapping = try Yams.load(yaml: block.text) as? [String: Any] {
            return mapping.mapValues { "\($0)" }
        }
        return block.looseEntries.reduce(into: [:]) { $0[$1.key] = $1.value }
    }
}
