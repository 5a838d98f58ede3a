/// The vocabulary of the generated feeds, and the HTTP dates they carry.
enum RefreshBenchmarkWords {
    /// Words of ordinary news copy, drawn uniformly.
    static let all: [String] = """
        government minister council budget election parliament court ruling appeal inquiry report \
        market shares investors inflation rates bank economy growth housing prices energy climate \
        storm flooding drought harvest farmers exports trade tariffs agreement summit talks leaders \
        police officers investigation suspect charges trial jury witness evidence verdict sentence \
        school teachers students university research scientists study results data survey health \
        hospital doctors patients nurses vaccine treatment disease outbreak cases public officials \
        city residents neighbourhood transport railway station airport flights delays strike union \
        workers wages pensions company chief executive profits losses quarter annual results board \
        technology software startup users privacy security breach network services platform launch \
        football league match season coach players injury transfer stadium fans final victory defeat \
        festival film music album concert theatre exhibition museum gallery artist author novel prize \
        river bridge road coast island mountain forest village region province country border refugees \
        army troops ceasefire conflict aid humanitarian agency charity volunteers donations campaign \
        spokesperson statement announcement decision plan proposal reform policy law rules regulator \
        morning evening weekend yesterday today tomorrow week month year decade record highest lowest \
        new old early late major minor local national international global regional rural urban \
        said says told announced warned confirmed denied rejected approved raised cut expected \
        according despite following amid after before during while since although because however
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
}

/// RFC 1123 dates (`Sun, 22 Nov 2026 08:00:00 GMT`) from Unix seconds, computed with integer
/// arithmetic (no formatter, so it is cheap enough to run for every item of every request).
enum RefreshBenchmarkDates {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The HTTP date of `seconds` after 1970-01-01 00:00 UTC (`seconds` ≥ 0).
    static func http(_ seconds: Int) -> String {
        let days = seconds / 86_400
        let time = seconds % 86_400
        // Civil date from a day count (H. Hinnant's algorithm), for days after 1970.
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return "\(weekdays[days % 7]), \(two(day)) \(months[month - 1]) \(year) "
            + "\(two(time / 3_600)):\(two(time / 60 % 60)):\(two(time % 60)) GMT"
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
