import Testing

/// Every CLI test, one at a time: each starts real `herald` processes, and running them all at once
/// would load a small machine enough to upset the timing tests of other targets running alongside.
@Suite(.serialized)
enum CLISuite {}
