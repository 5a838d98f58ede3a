import Foundation
import HeraldDomain

/// Generated articles whose words follow a Zipf distribution (word of rank r has weight 1/r), so
/// the corpus has words in almost every article and words in a few hundred, like real news.
struct StoreBenchmarkCorpus {
    let words: [String]
    private let cumulative: [Double]
    private var state: UInt64

    init(vocabularySize: Int = 20_000, seed: UInt64 = 0x5EED) {
        let syllables = ["ka", "lo", "mi", "ne", "su", "ta", "ri", "po", "ve", "dan", "sel", "mor", "tri", "quo",
                         "bra", "fen", "gul", "hix", "jo", "wex"]
        var words: [String] = []
        var seen = Set<String>()
        var number = 0
        while words.count < vocabularySize {
            var value = number
            var word = ""
            repeat {
                word += syllables[value % syllables.count]
                value /= syllables.count
            } while value > 0
            number += 1
            if word.count >= 3, seen.insert(word).inserted { words.append(word) }
        }
        self.words = words
        var total = 0.0
        cumulative = (1...vocabularySize).map { rank in
            total += 1 / Double(rank)
            return total
        }
        state = seed
    }

    /// The word of a 1-based frequency rank.
    func word(rank: Int) -> String { words[rank - 1] }

    private mutating func nextRandom() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func zipfWord() -> String {
        let target = Double(nextRandom() >> 11) / Double(1 << 53) * cumulative[cumulative.count - 1]
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < target { low = middle + 1 } else { high = middle }
        }
        return words[low]
    }

    private mutating func sentence(_ count: Int) -> String {
        (0..<count).map { _ in zipfWord() }.joined(separator: " ")
    }

    /// One refresh's worth of items for a feed: `count` items numbered from `first`.
    mutating func items(feed: Int, first: Int, count: Int, baseDate: Double) -> [ParsedItem] {
        (first..<(first + count)).map { number in
            let title = sentence(8)
            let body = "<p>" + sentence(20) + "</p><p>" + sentence(20) + "</p>"
            let published = Date(timeIntervalSince1970: baseDate + Double(number) * 600 + Double(nextRandom() % 600))
            return ParsedItem(
                identity: "https://feed\(feed).example.org/posts/\(number)",
                title: TextConstruct(type: .text, value: title), plainTitle: title,
                links: [Link(href: "https://feed\(feed).example.org/posts/\(number)", rel: "alternate")],
                authors: [Person(name: "Reporter \(number % 17)")], published: published,
                content: TextConstruct(type: .html, value: body))
        }
    }
}
