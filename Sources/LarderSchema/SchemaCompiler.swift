import LarderCore

/// Where a schema lives: which document, and the JSON Pointer tokens into it.
struct SchemaLocation: Hashable {
    var document: Int
    var pointer: [String]

    func appending(_ tokens: String...) -> SchemaLocation {
        SchemaLocation(document: document, pointer: pointer + tokens)
    }
}

/// Turns schema documents into a `SchemaProgram`: first registers every
/// resource (`$id`) and anchor, then compiles reachable schemas once each,
/// memoised by location so recursive `$ref`s become cycles of node indices.
struct SchemaCompiler {
    /// Keywords whose value is one subschema, an array of them, or an object of them.
    static let singleSchemaKeywords: Set<String> = [
        "additionalProperties", "propertyNames", "items", "contains", "not", "if", "then", "else",
        "unevaluatedItems", "unevaluatedProperties", "contentSchema",
    ]
    static let schemaArrayKeywords: Set<String> = ["prefixItems", "allOf", "anyOf", "oneOf"]
    static let schemaMapKeywords: Set<String> = [
        "properties", "patternProperties", "$defs", "definitions", "dependentSchemas",
    ]

    let documents: [JSONValue]
    let assertFormats: Set<String>
    private var resources: [String: SchemaLocation] = [:]
    private var anchors: [String: SchemaLocation] = [:]
    /// Base URI and resource index of every schema location seen while registering.
    private var scopes: [SchemaLocation: (base: SchemaURI, resource: Int)] = [:]
    private var dynamicAnchorLocations: [[String: SchemaLocation]] = []
    private var memo: [SchemaLocation: Int] = [:]
    private var nodes: [SchemaNode] = []
    private var usesDynamicScope = false

    init(documents: [JSONValue], assertFormats: Set<String>) {
        self.documents = documents
        self.assertFormats = assertFormats
        for (index, document) in documents.enumerated() {
            let base = SchemaURI(parsing: index == 0 ? "https://larder.invalid/root.json"
                : "https://larder.invalid/document-\(index).json")
            let location = SchemaLocation(document: index, pointer: [])
            register(document, at: location, base: base, resource: addResource(base, at: location))
        }
    }

    mutating func compile() throws(SchemaCompileError) -> SchemaProgram {
        let root = try compile(SchemaLocation(document: 0, pointer: []))
        var dynamicAnchors: [[String: Int]] = []
        for anchorsOfResource in dynamicAnchorLocations {
            var compiled: [String: Int] = [:]
            for (name, location) in anchorsOfResource { compiled[name] = try compile(location) }
            dynamicAnchors.append(compiled)
        }
        return SchemaProgram(
            nodes: nodes, dynamicAnchors: dynamicAnchors, root: root, usesDynamicScope: usesDynamicScope)
    }

    // MARK: Registering resources and anchors

    private mutating func addResource(_ uri: SchemaURI, at location: SchemaLocation) -> Int {
        resources[uri.text] = location
        dynamicAnchorLocations.append([:])
        return dynamicAnchorLocations.count - 1
    }

    private mutating func register(_ value: JSONValue, at location: SchemaLocation, base: SchemaURI, resource: Int) {
        guard case .object(let object) = value.kind else {
            scopes[location] = (base, resource)
            return
        }
        var base = base
        var resource = resource
        if let id = object["$id"]?.string {
            base = base.resolving(SchemaURI(parsing: id)).withoutFragment
            if resources[base.text] != location { resource = addResource(base, at: location) }
        }
        scopes[location] = (base, resource)
        if let anchor = object["$anchor"]?.string { anchors[base.text + "#" + anchor] = location }
        if let anchor = object["$dynamicAnchor"]?.string {
            anchors[base.text + "#" + anchor] = location
            dynamicAnchorLocations[resource][anchor] = location
        }
        for member in object.members {
            let key = member.key
            if Self.singleSchemaKeywords.contains(key) {
                register(member.value, at: location.appending(key), base: base, resource: resource)
            } else if Self.schemaArrayKeywords.contains(key), let items = member.value.array {
                for (i, item) in items.enumerated() {
                    register(item, at: location.appending(key, String(i)), base: base, resource: resource)
                }
            } else if Self.schemaMapKeywords.contains(key), let map = member.value.object {
                for sub in map.members {
                    register(sub.value, at: location.appending(key, sub.key), base: base, resource: resource)
                }
            }
        }
    }

    /// Base URI and resource of a location, also one the registry did not
    /// visit (a `$ref` into an unknown keyword): that of its nearest ancestor.
    private func scope(of location: SchemaLocation) -> (base: SchemaURI, resource: Int) {
        var pointer = location.pointer
        while true {
            if let scope = scopes[SchemaLocation(document: location.document, pointer: pointer)] { return scope }
            pointer.removeLast()
        }
    }

    private func value(at location: SchemaLocation) -> JSONValue? {
        var value = documents[location.document]
        for token in location.pointer {
            switch value.kind {
            case .object(let object):
                guard let next = object[token] else { return nil }
                value = next
            case .array(let array):
                guard let i = Int(token), array.indices.contains(i) else { return nil }
                value = array[i]
            default:
                return nil
            }
        }
        return value
    }

    private func resolve(_ reference: String, from base: SchemaURI) -> SchemaLocation? {
        let uri = base.resolving(SchemaURI(parsing: reference))
        let resource = uri.withoutFragment.text
        let fragment = (uri.fragment ?? "").percentDecoded
        if fragment.isEmpty { return resources[resource] }
        if fragment.hasPrefix("/") {
            guard let start = resources[resource] else { return nil }
            return SchemaLocation(document: start.document, pointer: start.pointer + fragment.jsonPointerTokens)
        }
        return anchors[resource + "#" + fragment]
    }

    // MARK: Compiling

    private mutating func compile(_ location: SchemaLocation) throws(SchemaCompileError) -> Int {
        if let index = memo[location] { return index }
        guard let value = value(at: location) else {
            throw error("no schema at this location", at: location, .start)
        }
        let index = nodes.count
        nodes.append(SchemaNode())
        memo[location] = index
        nodes[index] = try node(value, at: location)
        return index
    }

    private func error(_ message: String, at location: SchemaLocation, _ position: SourcePosition) -> SchemaCompileError {
        Self.error(message, at: location, position)
    }

    fileprivate static func error(
        _ message: String, at location: SchemaLocation, _ position: SourcePosition
    ) -> SchemaCompileError {
        let pointer = location.pointer.map { "/" + jsonPointerEscaped($0) }.joined()
        let document = location.document == 0 ? "" : "document \(location.document) "
        return SchemaCompileError(message, location: "\(document)#\(pointer)", at: position)
    }

    private mutating func node(_ value: JSONValue, at location: SchemaLocation) throws(SchemaCompileError) -> SchemaNode {
        let (base, resource) = scope(of: location)
        var node = SchemaNode(resource: resource)
        switch value.kind {
        case .bool(true): return node
        case .bool(false):
            node.keywords = [.never]
            return node
        case .object: break
        default: throw error("a schema must be an object or true/false", at: location, value.position)
        }
        let reader = KeywordReader(value: value, location: location)
        node.errorMessage = try reader.string("errorMessage")
        node.title = try reader.string("title")
        node.description = try reader.string("description")
        var keywords: [SchemaKeyword] = []

        if let type = reader["type"] {
            let names = type.array ?? [type]
            var types: [JSONType] = []
            for name in names {
                guard let t = name.string.flatMap(JSONType.init(rawValue:)) else {
                    throw error("unknown type \(renderJSON(name))", at: location, name.position)
                }
                types.append(t)
            }
            keywords.append(.type(types))
        }
        if let constant = reader["const"] { keywords.append(.constant(constant)) }
        if let values = reader["enum"] {
            guard let array = values.array else { throw error("enum must be an array", at: location, values.position) }
            keywords.append(.enumeration(array))
        }
        if let ref = try reader.string("$ref") {
            keywords.append(.ref(try reference(ref, from: base, at: location.appending("$ref"))))
        }
        if let ref = try reader.string("$dynamicRef") {
            let target = try reference(ref, from: base, at: location.appending("$dynamicRef"))
            let anchor = SchemaURI(parsing: ref).fragment ?? ""
            // Dynamic only when the static target holds the same $dynamicAnchor
            // (the "bookend"); otherwise it behaves as a plain $ref.
            if !anchor.isEmpty, !anchor.hasPrefix("/"),
                let targetLocation = resolve(ref, from: base),
                self.value(at: targetLocation)?["$dynamicAnchor"]?.string == anchor
            {
                usesDynamicScope = true
                keywords.append(.dynamicRef(target, anchor: anchor))
            } else {
                keywords.append(.ref(target))
            }
        }

        // Objects.
        var members = MemberRules()
        if reader["properties"] != nil {
            for (name, sub) in try schemaMap("properties", of: value, at: location) { members.declared[name] = sub }
            members.declaredNames = Set(members.declared.keys)
        }
        if let map = reader["patternProperties"]?.object {
            for member in map.members {
                guard let pattern = SchemaPattern(member.key) else {
                    throw error("invalid regular expression \(member.key)", at: location, member.keyPosition)
                }
                members.patterns.append((pattern, try compile(location.appending("patternProperties", member.key))))
            }
        }
        if reader["additionalProperties"] != nil {
            members.additional = try compile(location.appending("additionalProperties"))
        }
        if reader["properties"] != nil || reader["patternProperties"] != nil || members.additional != nil {
            keywords.append(.members(members))
        }
        if reader["propertyNames"] != nil {
            keywords.append(.propertyNames(try compile(location.appending("propertyNames"))))
        }
        if let names = try reader.strings("required") { keywords.append(.required(names)) }
        if let map = reader["dependentRequired"]?.object {
            var pairs: [(String, [String])] = []
            for member in map.members {
                guard let names = member.value.array?.compactMap(\.string) else {
                    throw error("dependentRequired values must be arrays of strings", at: location, member.value.position)
                }
                pairs.append((member.key, names))
            }
            keywords.append(.dependentRequired(pairs))
        }
        if reader["dependentSchemas"] != nil {
            keywords.append(.dependentSchemas(try schemaMap("dependentSchemas", of: value, at: location)))
        }
        if let n = try reader.count("minProperties") { keywords.append(.minProperties(n)) }
        if let n = try reader.count("maxProperties") { keywords.append(.maxProperties(n)) }

        // Arrays.
        var prefixCount = 0
        if let prefix = reader["prefixItems"]?.array {
            prefixCount = prefix.count
            var subs: [Int] = []
            for i in prefix.indices { subs.append(try compile(location.appending("prefixItems", String(i)))) }
            keywords.append(.prefixItems(subs))
        }
        if reader["items"] != nil {
            keywords.append(.items(try compile(location.appending("items")), from: prefixCount))
        }
        if reader["contains"] != nil {
            keywords.append(.contains(
                try compile(location.appending("contains")),
                min: try reader.count("minContains") ?? 1, max: try reader.count("maxContains")))
        }
        if let n = try reader.count("minItems") { keywords.append(.minItems(n)) }
        if let n = try reader.count("maxItems") { keywords.append(.maxItems(n)) }
        if reader["uniqueItems"]?.bool == true { keywords.append(.uniqueItems) }

        // Strings.
        if let n = try reader.count("minLength") { keywords.append(.minLength(n)) }
        if let n = try reader.count("maxLength") { keywords.append(.maxLength(n)) }
        if let source = try reader.string("pattern") {
            guard let pattern = SchemaPattern(source) else {
                throw error("invalid regular expression \(source)", at: location, value.position)
            }
            keywords.append(.pattern(pattern))
        }
        if let name = try reader.string("format"), assertFormats.contains(name),
            let format = SchemaFormat(rawValue: name)
        {
            keywords.append(.format(format))
        }

        // Numbers.
        if let n = try reader.number("minimum") { keywords.append(.minimum(n)) }
        if let n = try reader.number("maximum") { keywords.append(.maximum(n)) }
        if let n = try reader.number("exclusiveMinimum") { keywords.append(.exclusiveMinimum(n)) }
        if let n = try reader.number("exclusiveMaximum") { keywords.append(.exclusiveMaximum(n)) }
        if let n = try reader.number("multipleOf") {
            guard n.value > 0 else { throw error("multipleOf must be greater than 0", at: location, value.position) }
            keywords.append(.multipleOf(n))
        }

        // Applicators on the same instance.
        if let subs = try schemaArray("allOf", of: value, at: location) { keywords.append(.allOf(subs)) }
        if let subs = try schemaArray("anyOf", of: value, at: location) { keywords.append(.anyOf(subs)) }
        if let subs = try schemaArray("oneOf", of: value, at: location) { keywords.append(.oneOf(subs)) }
        if reader["not"] != nil { keywords.append(.not(try compile(location.appending("not")))) }
        if reader["if"] != nil {
            keywords.append(.conditional(
                if: try compile(location.appending("if")),
                then: reader["then"] == nil ? nil : try compile(location.appending("then")),
                else: reader["else"] == nil ? nil : try compile(location.appending("else"))))
        }

        // Last: they read the annotations of everything above.
        if reader["unevaluatedProperties"] != nil {
            keywords.append(.unevaluatedProperties(try compile(location.appending("unevaluatedProperties"))))
            node.collectsAnnotations = true
        }
        if reader["unevaluatedItems"] != nil {
            keywords.append(.unevaluatedItems(try compile(location.appending("unevaluatedItems"))))
            node.collectsAnnotations = true
        }
        node.keywords = keywords
        return node
    }

    private mutating func reference(
        _ reference: String, from base: SchemaURI, at location: SchemaLocation
    ) throws(SchemaCompileError) -> Int {
        guard let target = resolve(reference, from: base) else {
            let position = value(at: location)?.position ?? .start
            throw error("cannot resolve $ref \"\(reference)\"", at: location, position)
        }
        return try compile(target)
    }

    private mutating func schemaArray(
        _ key: String, of value: JSONValue, at location: SchemaLocation
    ) throws(SchemaCompileError) -> [Int]? {
        guard let member = value[key] else { return nil }
        guard let array = member.array, !array.isEmpty else {
            throw error("\(key) must be a non-empty array of schemas", at: location, member.position)
        }
        var subs: [Int] = []
        for i in array.indices { subs.append(try compile(location.appending(key, String(i)))) }
        return subs
    }

    private mutating func schemaMap(
        _ key: String, of value: JSONValue, at location: SchemaLocation
    ) throws(SchemaCompileError) -> [(String, Int)] {
        guard let map = value[key]?.object else {
            throw error("\(key) must be an object of schemas", at: location, value[key]?.position ?? value.position)
        }
        var pairs: [(String, Int)] = []
        for member in map.members { pairs.append((member.key, try compile(location.appending(key, member.key)))) }
        return pairs
    }

    /// Typed access to a schema object's keyword values, throwing on a value
    /// of the wrong type.
    private struct KeywordReader {
        let value: JSONValue
        let location: SchemaLocation

        subscript(key: String) -> JSONValue? { value[key] }

        private func wrongType(_ key: String, _ expected: String) -> SchemaCompileError {
            SchemaCompiler.error("\(key) must be \(expected)", at: location, value[key]?.position ?? value.position)
        }

        func string(_ key: String) throws(SchemaCompileError) -> String? {
            guard let member = value[key] else { return nil }
            guard let string = member.string else { throw wrongType(key, "a string") }
            return string
        }

        func strings(_ key: String) throws(SchemaCompileError) -> [String]? {
            guard let member = value[key] else { return nil }
            guard let array = member.array, case let strings = array.compactMap(\.string),
                strings.count == array.count
            else { throw wrongType(key, "an array of strings") }
            return strings
        }

        func number(_ key: String) throws(SchemaCompileError) -> JSONNumber? {
            guard let member = value[key] else { return nil }
            guard let number = member.number else { throw wrongType(key, "a number") }
            return number
        }

        func count(_ key: String) throws(SchemaCompileError) -> Int? {
            guard let member = value[key] else { return nil }
            guard let n = member.number?.intValue, n >= 0 else { throw wrongType(key, "a non-negative integer") }
            return n
        }
    }
}
