// The version gesto reports (`gestoctl version`, `gestod --version`, IPC `status`).

/// gesto's version.
public enum GestoVersion {
    /// Semantic version of this build.
    public static let current = "0.1.0"
}
