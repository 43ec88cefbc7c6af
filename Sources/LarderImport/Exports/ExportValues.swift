import Foundation
import LarderCore
import LarderQuantities

/// Reading the values app exports hold: their JSON, their plain text
/// (not HTML: an app's `<` is a character, not a tag), their free-text
/// times and their amounts as numbers.
enum ExportValues {
    /// The JSON object of an export's file, strict JSON first and then
    /// repaired as pages' JSON-LD is.
    static func object(_ bytes: [UInt8]) -> JSONObject? {
        LenientJSON.parse(String(decoding: bytes, as: UTF8.self))?.object
    }

    /// The JSON object of a recipe's file, or why it is none, where.
    static func parse(_ bytes: [UInt8]) throws(ExportRecipeProblem) -> JSONObject {
        if let value = LenientJSON.parse(String(decoding: bytes, as: UTF8.self)) {
            guard let object = value.object else { throw ExportRecipeProblem("not a JSON object but \(value.typeName)", at: value.position) }
            return object
        }
        guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { throw ExportRecipeProblem("an empty file, not JSON") }
        do {
            _ = try JSONReader.parse(bytes)
        } catch {
            throw ExportRecipeProblem("not JSON: \(error.message)", at: error.position, hint: error.hint)
        }
        throw ExportRecipeProblem("not JSON")
    }

    /// Text with its whitespace collapsed, nil when empty: a string, or a
    /// number as written.
    static func text(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        let text: String
        switch value.kind {
        case .string(let s): text = TextCleaning.collapseWhitespace(s)
        case .number(let n): text = n.literal
        default: return nil
        }
        return text.isEmpty ? nil : text
    }

    /// Names: a list of strings or of objects with a `name` (Mealie's and
    /// Tandoor's tags), or one comma-separated string; duplicates dropped.
    static func names(_ value: JSONValue?) -> [String] {
        guard let value else { return [] }
        let items = value.array ?? [value]
        let names = items.flatMap { item -> [String] in
            if let name = text(item["name"]) { return [name] }
            return (text(item) ?? "").split(separator: ",").map { TextCleaning.collapseWhitespace(String($0)) }
        }
        return ExportText.distinct(names)
    }

    /// The non-empty lines of a text.
    static func lines(_ text: String?) -> [String] {
        (text ?? "").split(whereSeparator: \.isNewline).map { TextCleaning.collapseWhitespace(String($0)) }.filter { !$0.isEmpty }
    }

    /// The paragraphs of a text (runs of lines between blank lines, a line
    /// of spaces counting as blank), each on one line.
    static func paragraphs(_ text: String?) -> [String] {
        (text ?? "").replacingOccurrences(of: "\r\n", with: "\n").split(separator: /\n[ \t]*\n/)
            .map { TextCleaning.collapseWhitespace(String($0)) }.filter { !$0.isEmpty }
    }

    /// A time as an app writes it ("30 minutes", "1 Day", "10-15 Minutes",
    /// "PT1H"), or nil when there is none.
    static func duration(_ text: String?) -> ImportedRecipe.Duration? {
        guard let text = text.map(TextCleaning.collapseWhitespace), !text.isEmpty else { return nil }
        return ImportedRecipe.Duration(text: text, minutes: DurationText.minutes(text))
    }

    /// A number of minutes, nil for none (0).
    static func duration(minutes: Int?) -> ImportedRecipe.Duration? {
        guard let minutes, minutes > 0 else { return nil }
        return ImportedRecipe.Duration(text: "\(minutes) min", minutes: minutes)
    }

    /// An amount stored as a float, as a cook writes it and Larder's reader
    /// reads it back: halves, thirds, quarters and eighths as fractions
    /// ("1 1/2", "1/3": 0.333… is a third, not float noise), other amounts
    /// as decimals of up to three places ("0.15"); nil for no amount (0).
    static func amount(_ value: Double) -> String? {
        guard value.isFinite, value > 0, value < 1e9 else { return nil }
        let fraction = Rational(approximating: value, maxDenominator: 8)
        if [1, 2, 3, 4, 8].contains(fraction.denominator), abs(fraction.doubleValue - value) < 1e-4 * max(1, value) {
            return fraction.description
        }
        var decimal = String(format: "%.3f", value)
        while decimal.hasSuffix("0") { decimal.removeLast() }
        if decimal.hasSuffix(".") { decimal.removeLast() }
        return decimal
    }

    /// The last component of a path without its extension: a recipe's
    /// title when its file gives none.
    static func stem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
    }
}

extension ImportedRecipe {
    /// The total time when the source gives none but gives prep or cook
    /// time: their sum.
    mutating func addingUpTotalTime() {
        guard totalTime?.minutes == nil else { return }
        let parts = [prepTime?.minutes, cookTime?.minutes].compactMap { $0 }
        guard !parts.isEmpty, case let sum = parts.reduce(0, +), sum > 0 else { return }
        totalTime = Duration(text: "PT\(sum)M", minutes: sum)
    }

    /// Whether the recipe holds nothing: no title, no line, no step.
    var isEmpty: Bool {
        TextCleaning.collapseWhitespace(title).isEmpty && ingredientLines.isEmpty && steps.isEmpty
    }
}
