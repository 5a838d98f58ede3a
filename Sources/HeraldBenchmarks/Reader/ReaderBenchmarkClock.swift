import Foundation

/// CLOCK_MONOTONIC, the clock the reader benchmark's parent and its children share: the parent
/// reads it just before it starts a child and passes the reading on the child's command line, so
/// the child measures "from process start" on the same clock.
enum MonotonicClock {
    /// Nanoseconds of CLOCK_MONOTONIC now.
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Milliseconds from one reading to a later one (negative when `end` is earlier).
    static func milliseconds(from start: UInt64, to end: UInt64) -> Double {
        Double(Int64(bitPattern: end &- start)) / 1e6
    }

    /// Milliseconds from a reading to now.
    static func milliseconds(since start: UInt64) -> Double {
        milliseconds(from: start, to: nanoseconds())
    }
}
