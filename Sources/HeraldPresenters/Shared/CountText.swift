/// Counts as words: "1 unread", "12 unread", "1 new article", "1,204 new articles".
public enum CountText {
    /// The count, grouped by thousands, followed by the singular or the plural noun.
    public static func count(_ value: Int, _ singular: String, plural: String? = nil) -> String {
        let noun = value == 1 ? singular : (plural ?? singular + "s")
        return "\(grouped(value)) \(noun)"
    }

    /// "12 unread" (the word does not change).
    public static func unread(_ value: Int) -> String { "\(grouped(value)) unread" }

    /// An integer with a comma between thousands.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index).isMultiple(of: 3) { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}
