import CLibXML2

/// A parsed HTML page as plain values: libxml2's tolerant HTML parser reads
/// the bytes (unclosed tags, unquoted attributes, entities, raw `<script>`
/// text, as real pages ship them) and the tree is copied out of C memory at
/// once, so nothing past this file touches libxml2.
///
/// libxml2 is the parser lxml wraps, so the tree is the one extruct and
/// recipe-scrapers read the same pages with.
public struct HTMLDocument: Sendable, Hashable {
    /// The document's root element (`html`), or an empty `html` element for
    /// bytes with no markup at all.
    public var root: HTMLElement

    /// Parses `bytes` as HTML. The character set is, as browsers choose it,
    /// a byte-order mark's, else `charset` (the HTTP `Content-Type`
    /// header's, for a page fetched), else the page's own (`<meta charset>`
    /// or `http-equiv`) when it names one, else UTF-8.
    public init(bytes: [UInt8], charset: String? = nil) {
        let bom: String? = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? "UTF-8" : nil
        let chosen = bom ?? charset.flatMap(HTMLDocument.encodingName) ?? HTMLDocument.declaredCharset(bytes).flatMap(HTMLDocument.encodingName) ?? "UTF-8"
        root = HTMLDocument.parse(bytes, encoding: chosen) ?? HTMLElement(name: "html")
    }

    /// A charset label as libxml2 (iconv) should read it: the labels the web
    /// means as windows-1252 (ISO-8859-1, latin1, ASCII: browsers read them
    /// so, and pages rely on its curly quotes in 0x80-0x9F) as that; nil for
    /// an empty or odd label.
    static func encodingName(_ label: String) -> String? {
        let name = label.filter { !" \t\"'".contains($0) }.lowercased()
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_:.".contains($0)) }) else {
            return nil
        }
        if ["iso-8859-1", "iso8859-1", "latin1", "l1", "us-ascii", "ascii", "windows-1252", "cp1252"].contains(name) {
            return "windows-1252"
        }
        return name == "utf8" ? "UTF-8" : name
    }

    /// Parses a fragment (an HTML string from JSON-LD, say) as the body of a
    /// document; its text is its `root.text`.
    public init(fragment: String) {
        root = HTMLDocument.parse(Array(fragment.utf8), encoding: "UTF-8") ?? HTMLElement(name: "html")
    }

    // libxml2 2.9 sets up its global tables on first use unless told to
    // first; done once, before any parse, so parsing on several threads is
    // safe.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    private static func parse(_ bytes: [UInt8], encoding: String) -> HTMLElement? {
        guard initialized, !bytes.isEmpty, bytes.count < Int(Int32.max) else { return nil }
        // Recover from errors, say nothing on stderr, never load anything
        // from the network, and keep no blank-only text nodes out (spacing
        // between inline elements is text).
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                htmlReadMemory(chars.baseAddress, Int32(chars.count), nil, encoding, options)
            }
        }
        guard let document else { return nil }
        defer { xmlFreeDoc(document) }
        guard let rootNode = xmlDocGetRootElement(document) else { return nil }
        return element(rootNode)
    }

    private static func element(_ node: xmlNodePtr) -> HTMLElement {
        var result = HTMLElement(name: string(node.pointee.name).lowercased())
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = string(current.pointee.name).lowercased()
            // An attribute's value is its text children (entities decoded).
            var value = ""
            var part = current.pointee.children
            while let text = part {
                if let content = text.pointee.content { value += String(cString: content) }
                part = text.pointee.next
            }
            result.attributes.append(HTMLElement.Attribute(name: name, value: TextCleaning.decodingHTML5Entities(value)))
            attribute = current.pointee.next
        }
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                result.children.append(.element(element(current)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content {
                    result.children.append(.text(TextCleaning.decodingHTML5Entities(String(cString: content))))
                }
            default:
                break  // comments, processing instructions
            }
            child = current.pointee.next
        }
        return result
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    /// The character set the page declares in its first 4 KB (`<meta
    /// charset="…">` or `content="text/html; charset=…"`), or nil. libxml2
    /// would assume ISO-8859-1 for a page that declares none, where the web
    /// today means UTF-8.
    static func declaredCharset(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return "UTF-8" }
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self).lowercased()
        guard let range = head.range(of: "charset=") else { return nil }
        let name = head[range.upperBound...]
            .drop { $0 == "\"" || $0 == "'" || $0 == " " }
            .prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        guard !name.isEmpty else { return nil }
        return name == "utf8" ? "UTF-8" : String(name)
    }
}
