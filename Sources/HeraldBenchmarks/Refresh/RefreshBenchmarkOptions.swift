import HeraldInteractors

/// The command line of `herald-benchmarks refresh`.
struct RefreshBenchmarkOptions: Sendable {
    /// Which interactor limits a run uses.
    enum Limits: String, Sendable, CaseIterable {
        /// `RefreshPolicy.default`, untouched.
        case `default`
        /// The default policy with `maxConcurrentPerHost` raised to `maxConcurrentFetches`, so the
        /// interactor's per-host limit (whose key has no port) stops merging the origins; the
        /// fetcher still admits 4 requests per origin (its key has the port). This models what a
        /// per-origin host key in the interactor would give.
        case perOrigin = "per-origin"

        /// The policy of this choice.
        var policy: RefreshPolicy {
            switch self {
            case .default: .default
            case .perOrigin: RefreshPolicy(maxConcurrentPerHost: RefreshPolicy.default.maxConcurrentFetches)
            }
        }
    }

    /// Which scenarios a run measures: the in-process ones (with phases and growth), the
    /// whole-process one (`herald refresh` and newsboat as processes), or both.
    enum Scenarios: String, Sendable {
        case all
        case inProcess = "in-process"
        case process
    }

    static let usage = """
        usage: herald-benchmarks refresh [--feeds N] [--items M] [--latency-ms L] [--origins K]
                                         [--repeat R] [--scale N,N,...|none] [--limits default|per-origin|both]
                                         [--scenarios all|in-process|process]
        """

    var feeds = 200
    var items = 50
    var latencyMilliseconds = 50
    var origins = 50
    var repeats = 3
    var scale = [1_000, 2_500, 5_000]
    var limits: [Limits] = Limits.allCases
    var scenarios = Scenarios.all
    /// Hidden: run one cold refresh of `feeds` feeds and print its figures and own peak memory.
    var isChild = false

    /// Reads the arguments after `refresh`.
    /// - Returns: `nil` when an argument is unknown or malformed.
    init?(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            let flag = arguments[index]
            if flag == "--child" {
                isChild = true
                index += 1
                continue
            }
            guard index + 1 < arguments.count else { return nil }
            let value = arguments[index + 1]
            switch flag {
            case "--feeds": guard let number = Self.positive(value) else { return nil }; feeds = number
            case "--items": guard let number = Self.positive(value) else { return nil }; items = number
            case "--latency-ms": guard let number = Int(value), number >= 0 else { return nil }; latencyMilliseconds = number
            case "--origins": guard let number = Self.positive(value) else { return nil }; origins = number
            case "--repeat": guard let number = Self.positive(value) else { return nil }; repeats = number
            case "--scale":
                let sizes = value == "none" ? [] : value.split(separator: ",").compactMap { Self.positive(String($0)) }
                guard value == "none" || !sizes.isEmpty else { return nil }
                scale = sizes
            case "--scenarios": guard let choice = Scenarios(rawValue: value) else { return nil }; scenarios = choice
            case "--limits":
                if value == "both" {
                    limits = Limits.allCases
                } else {
                    guard let choice = Limits(rawValue: value) else { return nil }
                    limits = [choice]
                }
            default: return nil
            }
            index += 2
        }
    }

    /// The arguments that make a child process run `feeds` feeds with these settings and `limits`.
    func childArguments(feeds: Int, limits: Limits) -> [String] {
        ["refresh", "--child", "--feeds", String(feeds), "--items", String(items),
         "--latency-ms", String(latencyMilliseconds), "--origins", String(origins), "--limits", limits.rawValue]
    }

    private static func positive(_ text: String) -> Int? {
        Int(text).flatMap { $0 > 0 ? $0 : nil }
    }
}
