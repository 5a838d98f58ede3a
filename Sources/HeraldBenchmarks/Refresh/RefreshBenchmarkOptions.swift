import HeraldInteractors

/// The settings of `herald-benchmarks refresh` (read from its command line by ``RefreshBenchmarkCommand``).
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
    enum Scenarios: String, Sendable, CaseIterable {
        case all
        case inProcess = "in-process"
        case process
    }

    /// The shape of the served documents.
    enum Documents: String, Sendable, CaseIterable {
        /// A news site's: an escaped HTML description and a CDATA `content:encoded` body per item,
        /// served as they are (the in-process scenarios' corpus since issue 4).
        case news
        /// `scripts/neutral-feed-server`'s: one escaped HTML description of two to four
        /// paragraphs per item, gzip when asked, a `Date` on every answer (the whole-process
        /// scenario's, so that neither client is favoured: Docs/benchmarks.md, issue 19).
        case neutral
    }

    var feeds = 200
    var items = 50
    var latencyMilliseconds = 50
    var origins = 50
    var repeats = 3
    var scale = [1_000, 2_500, 5_000]
    var limits: [Limits] = Limits.allCases
    var scenarios = Scenarios.all
    /// The documents served; `nil` is each scenario's own (news in process, neutral as processes).
    var documents: Documents?
    /// Hidden: run one cold refresh of `feeds` feeds and print its figures and own peak memory.
    var isChild = false

    /// The arguments that make a child process run `feeds` feeds with these settings and `limits`.
    func childArguments(feeds: Int, limits: Limits) -> [String] {
        ["refresh", "--child", "--feeds", String(feeds), "--items", String(items),
         "--latency-ms", String(latencyMilliseconds), "--origins", String(origins), "--limits", limits.rawValue]
    }
}
