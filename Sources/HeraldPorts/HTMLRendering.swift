#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// Renders article HTML as ``RichText``.
public protocol HTMLRendering: Sendable {
    /// Renders an HTML fragment.
    /// - Parameters:
    ///   - html: The markup, possibly broken.
    ///   - baseURL: The URL relative links resolve against.
    /// - Returns: The text blocks and the numbered links; never throws, broken markup is recovered.
    func render(html: String, baseURL: String?) -> RichText
}
