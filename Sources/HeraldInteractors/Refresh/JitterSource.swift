/// A source of uniform random numbers for spreading backoff; injected so tests can fix it.
public protocol JitterSource: Sendable {
    /// A number in `0..<1`.
    func unit() -> Double
}

/// Jitter from the system's random number generator.
public struct SystemJitter: JitterSource {
    /// Creates the system jitter source.
    public init() {}

    /// A uniformly distributed number in `0..<1`.
    public func unit() -> Double { Double.random(in: 0..<1) }
}
