/// The built-in templates, compiled in so the binary works wherever it is copied.
/// They mirror `templates/` at the top of the package; a test keeps the two identical.
public enum BuiltInTemplates {
    /// The editor buffer of `journal add`. Empty: the first line you write is the title.
    public static let entry = ""
}
