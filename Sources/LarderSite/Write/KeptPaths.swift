/// The previous site's files a rebuild carries over as they are, while the
/// sink holds them apart (`SiteSink.State.keptApart`): the groups as
/// `SiteSink.take` was given them (a page job's files each), and a table
/// of their paths made only when one path must be looked up.
///
/// A one-recipe rebuild at 50,000 recipes carries over 114,000 files and
/// looks up three (the page it renders, its text, `sw.js`): hashing every
/// path into a table for those was a twentieth of the rebuild. The three
/// are checked together once the pages are made (`firstHeld(of:)`), by a
/// pass that compares lengths before it reads a path.
struct KeptPaths {
    private(set) var groups: [[String]] = []
    private(set) var count = 0
    /// Every path held, once something was looked up one path at a time.
    private var table: Set<String>?

    var isEmpty: Bool { count == 0 }

    /// Adds a group of paths that differ from each other and from every
    /// path held: the files of the previous build's page jobs (that build
    /// checked that no two of its files share a path).
    mutating func append(distinct group: [String]) {
        guard !group.isEmpty else { return }
        groups.append(group)
        count += group.count
        if table != nil { table!.formUnion(group) }
    }

    /// Adds one path; false, with nothing added, when it is held already.
    mutating func insert(_ path: String) -> Bool {
        guard !contains(path) else { return false }
        append(distinct: [path])
        return true
    }

    /// Whether `path` is held (making the table, the first time).
    mutating func contains(_ path: String) -> Bool {
        if table == nil {
            var made = Set<String>(minimumCapacity: count)
            for group in groups { made.formUnion(group) }
            table = made
        }
        return table!.contains(path)
    }

    /// The first of `paths` that is held, if any: for a few paths, one pass
    /// over the groups that reads only the paths of the lengths asked for;
    /// for many, the table.
    mutating func firstHeld(of paths: [String]) -> String? {
        guard !paths.isEmpty, !isEmpty else { return nil }
        if table != nil || paths.count > 64 { return paths.first { contains($0) } }
        let wanted = Set(paths)
        let longest = paths.lazy.map(\.utf8.count).max()!
        var lengths = [Bool](repeating: false, count: longest + 1)
        for path in paths { lengths[path.utf8.count] = true }
        var found: Set<String> = []
        for group in groups {
            for path in group {
                let length = path.utf8.count
                if length <= longest, lengths[length], wanted.contains(path) { found.insert(path) }
            }
        }
        return paths.first { found.contains($0) }
    }

    /// Every path held, in no order.
    var all: [String] { Array(groups.joined()) }
}
