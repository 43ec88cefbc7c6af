/// Transforms, as swift-mustache has them: `{{^empty(list)}}`,
/// `{{count(list)}}`, `{{#first(list)}}`, `{{uppercased(name)}}`… A
/// transform a value does not have gives nothing (as a missing name).
extension TemplateValue {
    func transformed(_ name: String) -> TemplateValue? {
        switch self {
        case .string(let text):
            switch name {
            case "empty": return .bool(text.isEmpty)
            case "uppercased": return .string(text.uppercased())
            case "lowercased": return .string(text.lowercased())
            case "capitalized": return .string(Self.capitalized(text))
            case "reversed": return .string(String(text.reversed()))
            default: return nil
            }
        case .list(let items):
            switch name {
            case "empty": return .bool(items.isEmpty)
            case "count": return .int(items.count)
            case "first": return items.first
            case "last": return items.last
            case "reversed": return .list(items.reversed())
            case "sorted": return Self.sorted(items).map(TemplateValue.list)
            default: return nil
            }
        case .object(let fields):
            let present = fields.filter { if case .null = $0.value { false } else { true } }
            switch name {
            case "empty": return .bool(present.isEmpty)
            case "count": return .int(present.count)
            default: return nil
            }
        case .int(let number):
            switch name {
            case "equalzero": return .bool(number == 0)
            case "plusone": return .int(number &+ 1)
            case "minusone": return .int(number &- 1)
            case "even": return .bool(number % 2 == 0)
            case "odd": return .bool(number % 2 != 0)
            default: return nil
            }
        case .null, .bool, .double:
            return nil
        }
    }

    /// Each word (run of non-spaces) with its first character in upper case
    /// and the rest in lower case: "hot CROSS buns" -> "Hot Cross Buns".
    static func capitalized(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var atWordStart = true
        for character in text {
            if character.isWhitespace {
                result.append(character)
                atWordStart = true
            } else {
                result += atWordStart ? character.uppercased() : character.lowercased()
                atWordStart = false
            }
        }
        return result
    }

    /// Lists of strings or of numbers, sorted; nil for anything else.
    private static func sorted(_ items: [TemplateValue]) -> [TemplateValue]? {
        var strings: [String] = []
        var numbers: [Double] = []
        for item in items {
            switch item {
            case .string(let text): strings.append(text)
            case .int(let number): numbers.append(Double(number))
            case .double(let number): numbers.append(number)
            default: return nil
            }
        }
        if strings.isEmpty { return items.sorted { Self.number($0) < Self.number($1) } }
        guard numbers.isEmpty else { return nil }
        return strings.sorted().map(TemplateValue.string)
    }

    private static func number(_ value: TemplateValue) -> Double {
        switch value {
        case .int(let number): Double(number)
        case .double(let number): number
        default: 0
        }
    }
}
