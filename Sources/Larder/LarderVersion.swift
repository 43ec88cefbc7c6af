/// The version `larder --version` prints.
public enum LarderVersion {
    public static let current = "0.1.0"
}
