import LarderQuantities

extension Share {
    /// Plain text for chat apps with no Markdown support: no Markdown syntax,
    /// no trailing spaces, one final line break.
    func text(ascii: Bool) -> String {
        var lines = [title] + lead.map { ascii ? $0.replacingOccurrences(of: "×", with: "x") : $0 }
        for section in sections {
            lines.append("")
            if let heading = section.heading {
                switch section.level {
                case .store: lines.append(heading.uppercased())
                case .part: lines.append(heading)
                case .group: lines.append([ascii ? nil : section.emoji, heading].compactMap { $0 }.joined(separator: " "))
                }
            }
            for entry in section.entries {
                switch entry {
                case .item(let item):
                    let box = item.checked ? (ascii ? "[x]" : "☑") : (ascii ? "[ ]" : "☐")
                    let amount = ascii ? item.amount.map(Self.asciiNumbers) : item.amount
                    var line = [box, amount, item.name].compactMap { $0 }.joined(separator: " ")
                    let notes = item.notes.joined(separator: "; ")
                    if !notes.isEmpty { line += " (\(ascii ? Self.asciiNumbers(notes) : notes))" }
                    lines.append(line)
                case .bullet(let text): lines.append("• " + text)
                case .step(let number, let text): lines.append("\(number). " + text)
                case .line(let text): lines.append(text)
                }
            }
        }
        if let link { lines += ["", link] }
        return Self.joined(lines)
    }

    /// "1 ½ cups" as "1 1/2 cups", "2–3" as "2-3", "≈ 57 g" as "~ 57 g":
    /// vulgar fractions, the range dash and the approximation sign in ASCII
    /// (names and units keep their letters).
    static func asciiNumbers(_ amount: String) -> String {
        var out = ""
        for scalar in amount.unicodeScalars {
            if scalar == "–" {
                out += "-"
            } else if scalar == "≈" {
                out += "~"
            } else if !scalar.isASCII, scalar.properties.numericType == .numeric,
                let value = scalar.properties.numericValue, value > 0, value < 1
            {
                let fraction = Rational(approximating: value, maxDenominator: 16)
                out += "\(fraction.numerator)/\(fraction.denominator)"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The lines joined, without trailing spaces or runs of blank lines,
    /// ending in one line break. (On UTF-8 bytes: a line ends at a "\n" not
    /// preceded by "\r", as Character "\r\n" is not "\n".)
    private static func joined(_ lines: [String]) -> String {
        var joiner = LineJoiner()
        joiner.out.reserveCapacity(lines.reduce(1) { $0 + $1.utf8.count + 1 })
        for var text in lines {
            text.withUTF8 { bytes in
                var start = 0
                for index in 0..<bytes.count where bytes[index] == 0x0A && (index == 0 || bytes[index - 1] != 0x0D) {
                    joiner.add(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    start = index + 1
                }
                joiner.add(UnsafeBufferPointer(rebasing: bytes[start...]))
            }
        }
        joiner.out.append(0x0A)
        return String(decoding: joiner.out, as: UTF8.self)
    }

    /// `joined`'s output so far. A struct with a mutating method, not a
    /// nested function over local variables: captured variables were
    /// checked for exclusive access at run time on every line.
    private struct LineJoiner {
        var out: [UInt8] = []
        var blankPending = false

        /// Adds one line: blank ones only between others, at most one.
        mutating func add(_ line: UnsafeBufferPointer<UInt8>) {
            var end = line.count
            while end > 0, line[end - 1] == UInt8(ascii: " ") || line[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            guard end > 0 else {
                blankPending = !out.isEmpty
                return
            }
            // Bytes one by one: an array literal here was an allocation per line.
            if !out.isEmpty {
                out.append(0x0A)
                if blankPending { out.append(0x0A) }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: line[..<end]))
            blankPending = false
        }
    }
}
