// What the config tests ask of a text that should not parse: each error as gesto prints it
// (FILE:LINE:COLUMN: error: …), empty when the text parses.
import GestoConfig

/// The errors `Config.parse` reports for `text` read as `c.yaml`, in order; empty if it parses.
func configErrors(_ text: String) -> [String] {
    do {
        _ = try Config.parse(text, file: "c.yaml")
        return []
    } catch {
        return error.errors.map(\.description)
    }
}
