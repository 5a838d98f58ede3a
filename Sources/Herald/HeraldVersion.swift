/// Herald's version, as `herald --version` prints it and the sync APIs report it.
public enum HeraldVersion {
    /// The version of this build.
    public static let current = "0.1.0"
}
