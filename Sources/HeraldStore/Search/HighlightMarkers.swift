import HeraldDomain
import HeraldStoreCore

/// The private-use characters SQLite's `highlight()`/`snippet()` put around matches, and
/// their conversion into ``HighlightedText``. Stored text never contains them (see `IndexText`).
enum HighlightMarkers {
    static let start: Character = "\u{E000}"
    static let end: Character = "\u{E001}"

    /// Splits marked text into matched and unmatched runs.
    static func segments(_ marked: String) -> HighlightedText {
        var segments: [HighlightedText.Segment] = []
        var current = ""
        var inMatch = false
        func flush() {
            if !current.isEmpty { segments.append(.init(text: current, isMatch: inMatch)) }
            current = ""
        }
        for character in marked {
            if character == start || character == end {
                flush()
                inMatch = character == start
            } else {
                current.append(character)
            }
        }
        flush()
        return HighlightedText(segments: segments)
    }
}
