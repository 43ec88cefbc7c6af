import LarderCore
import LarderQuantities

/// `ReadDocument` and everything in it, in the parse cache's binary format
/// (`CacheBytes.swift`), written and read by hand: `Codable` is several times
/// slower, and the cache must read 10,000 documents in a few milliseconds.
///
/// Every field of every model type is here; a field added to the model must
/// be added here and `DocumentCache.formatVersion` raised (the round-trip
/// tests compare whole documents, so a forgotten one shows).
///
/// A document's bytes are kept only when it has diagnostics (which show its
/// lines); otherwise they are left out and the loader reads the file again
/// in the rare case that a cross-check points into it.
extension CacheWriter {
    mutating func entry(_ stamp: FileStamp, stampedAt: Int, _ document: ReadDocument) {
        unsigned(UInt64(stamp.mode))
        int(Int(stamp.size))
        int(stamp.seconds)
        int(stamp.nanoseconds)
        int(stamp.changeSeconds)
        int(stamp.changeNanoseconds)
        unsigned(stamp.inode)
        unsigned(stamp.device)
        int(stampedAt)
        self.document(document)
    }

    mutating func document(_ document: ReadDocument) {
        let file = document.file
        byte(UInt8(DocumentKind.allCases.firstIndex(of: file.kind)!))
        byte(file.format.cacheCode)
        string(file.path)
        string(file.id)
        strings(file.images)
        let path = file.path
        if document.diagnostics.isEmpty {
            raw([])
        } else {
            raw(document.bytes)
        }
        switch document.content {
        case .unreadable:
            byte(0)
        case .favorites(let favorites):
            byte(1)
            strings(favorites.recipes)
            strings(favorites.lists)
            strings(favorites.items)
        case .list(let list):
            byte(2)
            self.list(list, path)
        case .recipe(let recipe):
            storedRecipe(RecipeOutline(recipe), recipe, path)
        case .storedRecipe(let stored):
            storedRecipe(stored.outline, stored.recipe, path)
        case .config:
            preconditionFailure("larder.json is read on every load, never cached on disk")
        }
        unsigned(UInt64(document.diagnostics.count))
        for diagnostic in document.diagnostics { self.diagnostic(diagnostic, path) }
        unsigned(UInt64(document.references.count))
        for reference in document.references {
            byte(reference.kind.cacheCode)
            string(reference.target)
            location(reference.location, path)
        }
    }

    /// A recipe as its outline, then the recipe behind its length: a load
    /// reads the outline and skips the rest, decoded only when the whole
    /// recipe is asked for (`StoredRecipe`).
    private mutating func storedRecipe(_ outline: RecipeOutline, _ recipe: Recipe, _ path: String) {
        byte(3)
        string(outline.id)
        string(outline.path)
        string(outline.category)
        strings(outline.tags)
        bool(outline.hasServings)
        string(outline.image)
        unsigned(UInt64(outline.stepImages.count))
        for image in outline.stepImages { string(image) }
        strings(outline.subRecipes)
        var whole = CacheWriter(capacity: 1024)
        whole.recipe(recipe, path)
        raw(whole.bytes)
    }

    /// The document's own path as an empty marker, so the thousands of
    /// locations in one file share one string.
    mutating func location(_ location: SourceLocation, _ path: String) {
        string(location.path == path ? nil : location.path)
        int(location.line)
        int(location.column)
    }

    mutating func diagnostic(_ diagnostic: Diagnostic, _ path: String) {
        bool(diagnostic.severity == .error)
        string(diagnostic.code)
        string(diagnostic.message)
        if let location = diagnostic.location {
            bool(true)
            self.location(location, path)
        } else {
            bool(false)
        }
        string(diagnostic.hint)
    }

    mutating func rational(_ value: Rational?) {
        guard let value else { return byte(0) }
        byte(1)
        int(value.numerator)
        int(value.denominator)
    }

    mutating func quantity(_ value: Quantity?) {
        switch value {
        case nil: byte(0)
        case .exact(let number)?:
            byte(1)
            int(number.numerator)
            int(number.denominator)
        case .range(let low, let high)?:
            byte(2)
            int(low.numerator)
            int(low.denominator)
            int(high.numerator)
            int(high.denominator)
        }
    }

    mutating func size(_ value: PackageSize?) {
        guard let value else { return byte(0) }
        byte(1)
        quantity(value.quantity)
        string(value.unit?.id)
        string(value.unitName)
    }

    mutating func details(_ details: [Detail]) {
        unsigned(UInt64(details.count))
        for detail in details {
            string(detail.key)
            string(detail.value)
        }
    }

    mutating func time(_ time: CookingTime?) {
        guard let time else { return byte(0) }
        byte(1)
        string(time.text)
        int(time.seconds)
    }

    mutating func recipe(_ recipe: Recipe, _ path: String) {
        string(recipe.id)
        string(recipe.path)
        string(recipe.title)
        string(recipe.description)
        string(recipe.category)
        string(recipe.cuisine)
        strings(recipe.tags)
        for servings in [recipe.servings, recipe.servingsUpTo] {
            if let servings {
                byte(1)
                int(servings)
            } else {
                byte(0)
            }
        }
        string(recipe.yield)
        time(recipe.prepTime)
        time(recipe.cookTime)
        time(recipe.totalTime)
        string(recipe.image)
        string(recipe.source)
        string(recipe.author)
        string(recipe.date)
        details(recipe.nutrition)
        let ingredients = recipe.ingredients
        unsigned(UInt64(ingredients.count))
        // Each field read by index: `for ingredient in` would copy each
        // ingredient whole first.
        for index in ingredients.indices {
            string(ingredients[index].name)
            quantity(ingredients[index].quantity)
            string(ingredients[index].unit?.id)
            string(ingredients[index].unitName)
            string(ingredients[index].note)
            bool(ingredients[index].optional)
            string(ingredients[index].group)
            string(ingredients[index].recipe)
            string(ingredients[index].text)
            size(ingredients[index].size)
            strings(ingredients[index].alsoNames)
            location(ingredients[index].location, path)
        }
        unsigned(UInt64(recipe.directions.count))
        for section in recipe.directions {
            string(section.title)
            strings(section.steps)
            if let marked = section.marked {
                byte(1)
                unsigned(UInt64(marked.count))
                for spans in marked { self.spans(spans) }
            } else {
                byte(0)
            }
            if let images = section.stepImages {
                byte(1)
                unsigned(UInt64(images.count))
                for image in images { string(image) }
            } else {
                byte(0)
            }
        }
        string(recipe.notes)
        strings(recipe.cookware)
        details(recipe.otherMetadata)
    }

    /// One marked step of a Cooklang recipe.
    mutating func spans(_ spans: [StepSpan]) {
        unsigned(UInt64(spans.count))
        for span in spans {
            switch span {
            case .text(let text):
                byte(0)
                string(text)
            case .ingredient(let name, let line):
                byte(1)
                string(name)
                int(line ?? -1)
            case .cookware(let name):
                byte(2)
                string(name)
            case .timer(let name, let text, let seconds):
                byte(3)
                string(name)
                string(text)
                int(seconds ?? -1)
            }
        }
    }

    mutating func list(_ list: ShoppingList, _ path: String) {
        string(list.id)
        string(list.path)
        string(list.title)
        byte(UInt8(ShoppingList.Kind.allCases.firstIndex(of: list.kind)!))
        string(list.description)
        string(list.store)
        strings(list.members)
        byte(UInt8(ShoppingList.Visibility.allCases.firstIndex(of: list.visibility)!))
        byte(UInt8(ShoppingList.Sort.allCases.firstIndex(of: list.sort)!))
        unsigned(UInt64(list.recipes.count))
        for request in list.recipes {
            string(request.recipe)
            rational(request.servings)
        }
        unsigned(UInt64(list.items.count))
        for item in list.items {
            string(item.name)
            quantity(item.quantity)
            string(item.unit?.id)
            string(item.unitName)
            string(item.category)
            string(item.store)
            rational(item.price)
            bool(item.checked)
            byte(UInt8(Priority.allCases.firstIndex(of: item.priority)!))
            string(item.note)
            string(item.requestedBy)
            string(item.image)
            string(item.url)
            string(item.added)
            details(item.details)
            string(item.section)
            size(item.size)
            strings(item.alsoNames)
            location(item.location, path)
        }
    }
}

extension CacheReader {
    mutating func entry(source: FileBytes? = nil) throws(CacheCorrupt) -> (FileStamp, stampedAt: Int, ReadDocument) {
        let mode = try unsigned()
        guard mode <= UInt64(UInt32.max) else { throw CacheCorrupt() }
        let stamp = FileStamp(
            mode: UInt32(mode), size: Int64(try int()), seconds: try int(), nanoseconds: try int(),
            changeSeconds: try int(), changeNanoseconds: try int(),
            inode: try unsigned(), device: try unsigned()
        )
        return (stamp, try int(), try document(source: source))
    }

    /// `source`: the cache file the reader reads, whose stored recipes are
    /// then left undecoded (`StoredRecipe` keeps a slice of it); without it,
    /// recipes are decoded at once.
    mutating func document(source: FileBytes? = nil) throws(CacheCorrupt) -> ReadDocument {
        let kind = try choice(DocumentKind.allCases)
        let format = try choice(DataFile.Format.cacheOrder)
        let path = try string()
        var file = DataFile(kind: kind, format: format, path: path, id: try string())
        file.images = try strings()
        let bytes = try raw()
        let content: ReadDocument.Content
        switch try byte() {
        case 0: content = .unreadable
        case 1: content = .favorites(Favorites(recipes: try strings(), lists: try strings(), items: try strings()))
        case 2: content = .list(try list(path))
        case 3: content = try storedRecipe(path, id: file.id, source: source)
        default: throw CacheCorrupt()
        }
        let diagnosticCount = try count()
        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(diagnosticCount)
        for _ in 0..<diagnosticCount { diagnostics.append(try diagnostic(path)) }
        let referenceCount = try count()
        var references: [Reference] = []
        references.reserveCapacity(referenceCount)
        for _ in 0..<referenceCount {
            let kind = try choice(Reference.Kind.cacheOrder)
            references.append(Reference(kind: kind, target: try string(), location: try location(path)))
        }
        return ReadDocument(file: file, bytes: bytes, content: content, diagnostics: diagnostics, references: references)
    }

    /// What `CacheWriter.storedRecipe` wrote, after its kind byte.
    private mutating func storedRecipe(_ path: String, id fileID: String, source: FileBytes?) throws(CacheCorrupt) -> ReadDocument.Content {
        let id = try string(reusing: fileID), recipePath = try string(reusing: path), category = try optionalString()
        let tags = try strings(), hasServings = try bool(), image = try optionalString()
        let imageCount = try count()
        var stepImages: [String?] = []
        stepImages.reserveCapacity(imageCount)
        for _ in 0..<imageCount { stepImages.append(try optionalString()) }
        let outline = RecipeOutline(
            id: id, path: recipePath, category: category, tags: tags, hasServings: hasServings, image: image,
            stepImages: stepImages, subRecipes: try strings()
        )
        let length = try count()
        let range = position..<position + length
        guard let source else {
            let recipe = try self.recipe(path)
            guard position == range.upperBound else { throw CacheCorrupt() }
            return .recipe(recipe)
        }
        skip(length)
        let bytes = source.slice(range)
        return .storedRecipe(StoredRecipe(outline: outline) {
            bytes.withUnsafeBufferPointer { buffer in
                var reader = CacheReader(buffer)
                // The part's checksum was right when it was read: bytes that
                // do not decode now are larder's own mistake, not damage.
                guard let recipe = try? reader.recipe(path), reader.isAtEnd else {
                    preconditionFailure("a recipe in the parse cache (\(path)) does not decode as it was written")
                }
                return recipe
            }
        })
    }

    mutating func location(_ path: String) throws(CacheCorrupt) -> SourceLocation {
        let other = try optionalString()
        return SourceLocation(path: other ?? path, line: try int(), column: try int())
    }

    mutating func diagnostic(_ path: String) throws(CacheCorrupt) -> Diagnostic {
        let severity: Diagnostic.Severity = try bool() ? .error : .warning
        let code = try string()
        let message = try string()
        let location = try bool() ? try self.location(path) : nil
        return Diagnostic(severity, code: code, message, at: location, hint: try optionalString())
    }

    private mutating func fraction() throws(CacheCorrupt) -> Rational {
        guard let value = Rational(try int(), try int()) else { throw CacheCorrupt() }
        return value
    }

    mutating func rational() throws(CacheCorrupt) -> Rational? {
        try bool() ? try fraction() : nil
    }

    mutating func quantity() throws(CacheCorrupt) -> Quantity? {
        switch try byte() {
        case 0: return nil
        case 1: return .exact(try fraction())
        case 2: return .range(try fraction(), try fraction())
        default: throw CacheCorrupt()
        }
    }

    mutating func unit() throws(CacheCorrupt) -> MeasureUnit? {
        guard let id = try optionalString() else { return nil }
        guard let unit = UnitCatalog.unit(id: id) else { throw CacheCorrupt() }
        return unit
    }

    mutating func size() throws(CacheCorrupt) -> PackageSize? {
        switch try byte() {
        case 0: return nil
        case 1:
            guard let quantity = try quantity() else { throw CacheCorrupt() }
            return PackageSize(quantity: quantity, unit: try unit(), unitName: try optionalString())
        default: throw CacheCorrupt()
        }
    }

    mutating func details() throws(CacheCorrupt) -> [Detail] {
        let count = try count()
        var details: [Detail] = []
        details.reserveCapacity(count)
        for _ in 0..<count { details.append(Detail(key: try string(), value: try string())) }
        return details
    }

    mutating func time() throws(CacheCorrupt) -> CookingTime? {
        try bool() ? CookingTime(text: try string(), seconds: try int()) : nil
    }

    mutating func recipe(_ path: String) throws(CacheCorrupt) -> Recipe {
        var recipe = Recipe(id: try string(), path: try string(), title: try string())
        recipe.description = try optionalString()
        recipe.category = try optionalString()
        recipe.cuisine = try optionalString()
        recipe.tags = try strings()
        recipe.servings = try bool() ? try int() : nil
        recipe.servingsUpTo = try bool() ? try int() : nil
        recipe.yield = try optionalString()
        recipe.prepTime = try time()
        recipe.cookTime = try time()
        recipe.totalTime = try time()
        recipe.image = try optionalString()
        recipe.source = try optionalString()
        recipe.author = try optionalString()
        recipe.date = try optionalString()
        recipe.nutrition = try details()
        let ingredientCount = try count()
        recipe.ingredients.reserveCapacity(ingredientCount)
        for _ in 0..<ingredientCount {
            let name = try string()
            let quantity = try quantity()
            let unit = try unit()
            let unitName = try optionalString()
            let note = try optionalString()
            let optional = try bool()
            let group = try optionalString()
            let subRecipe = try optionalString()
            let text = try optionalString()
            let size = try size()
            let alsoNames = try strings()
            var ingredient = Ingredient(name: name, location: try location(path))
            ingredient.size = size
            ingredient.alsoNames = alsoNames
            ingredient.quantity = quantity
            ingredient.unit = unit
            ingredient.unitName = unitName
            ingredient.note = note
            ingredient.optional = optional
            ingredient.group = group
            ingredient.recipe = subRecipe
            ingredient.text = text
            recipe.ingredients.append(ingredient)
        }
        let sectionCount = try count()
        recipe.directions.reserveCapacity(sectionCount)
        for _ in 0..<sectionCount {
            let title = try optionalString()
            var section = DirectionSection(title: title, steps: try strings())
            if try bool() {
                let count = try count()
                var marked: [[StepSpan]] = []
                marked.reserveCapacity(count)
                for _ in 0..<count { marked.append(try spans()) }
                section.marked = marked
            }
            if try bool() {
                let count = try count()
                var images: [String?] = []
                images.reserveCapacity(count)
                for _ in 0..<count { images.append(try optionalString()) }
                section.stepImages = images
            }
            recipe.directions.append(section)
        }
        recipe.notes = try optionalString()
        recipe.cookware = try strings()
        recipe.otherMetadata = try details()
        return recipe
    }

    mutating func spans() throws(CacheCorrupt) -> [StepSpan] {
        let count = try count()
        var spans: [StepSpan] = []
        spans.reserveCapacity(count)
        for _ in 0..<count {
            switch try byte() {
            case 0: spans.append(.text(try string()))
            case 1:
                let name = try string()
                let line = try int()
                spans.append(.ingredient(name: name, line: line < 0 ? nil : line))
            case 2: spans.append(.cookware(name: try string()))
            case 3:
                let name = try string()
                let text = try string()
                let seconds = try int()
                spans.append(.timer(name: name, text: text, seconds: seconds < 0 ? nil : seconds))
            default: throw CacheCorrupt()
            }
        }
        return spans
    }

    mutating func list(_ path: String) throws(CacheCorrupt) -> ShoppingList {
        var list = ShoppingList(id: try string(), path: try string(), title: try string())
        list.kind = try choice(ShoppingList.Kind.allCases)
        list.description = try optionalString()
        list.store = try optionalString()
        list.members = try strings()
        list.visibility = try choice(ShoppingList.Visibility.allCases)
        list.sort = try choice(ShoppingList.Sort.allCases)
        let requestCount = try count()
        list.recipes.reserveCapacity(requestCount)
        for _ in 0..<requestCount {
            let recipe = try string()
            list.recipes.append(RecipeRequest(recipe: recipe, servings: try rational()))
        }
        let itemCount = try count()
        list.items.reserveCapacity(itemCount)
        for _ in 0..<itemCount {
            let name = try string()
            let quantity = try quantity()
            let unit = try unit()
            let unitName = try optionalString()
            let category = try optionalString()
            let store = try optionalString()
            let price = try rational()
            let checked = try bool()
            let priority = try choice(Priority.allCases)
            let note = try optionalString()
            let requestedBy = try optionalString()
            let image = try optionalString()
            let url = try optionalString()
            let added = try optionalString()
            let details = try details()
            let section = try optionalString()
            let size = try size()
            let alsoNames = try strings()
            var item = Item(name: name, location: try location(path))
            item.size = size
            item.alsoNames = alsoNames
            item.quantity = quantity
            item.unit = unit
            item.unitName = unitName
            item.category = category
            item.store = store
            item.price = price
            item.checked = checked
            item.priority = priority
            item.note = note
            item.requestedBy = requestedBy
            item.image = image
            item.url = url
            item.added = added
            item.details = details
            item.section = section
            list.items.append(item)
        }
        return list
    }
}

extension DataFile.Format {
    static let cacheOrder: [DataFile.Format] = [.json, .markdown, .cooklang]
    var cacheCode: UInt8 { UInt8(Self.cacheOrder.firstIndex(of: self)!) }
}

extension Reference.Kind {
    static let cacheOrder: [Reference.Kind] = [.store, .category, .recipe, .list, .image, .servings]
    var cacheCode: UInt8 { UInt8(Self.cacheOrder.firstIndex(of: self)!) }
}
