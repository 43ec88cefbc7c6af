import LarderCore

extension LarderError {
    /// `unreadable-folder`, at the folder: the data folder is missing, not a
    /// folder, or cannot be listed.
    public var diagnostic: Diagnostic {
        .error(Self.unreadableFolder, reason, at: .file(path))
    }

    /// The code of `diagnostic`.
    public static let unreadableFolder = "unreadable-folder"
}
