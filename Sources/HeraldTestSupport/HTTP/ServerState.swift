import Foundation
import NIOCore

/// The routing table and the statistics of a ``LocalHTTPServer``, shared between the test
/// and the event loops that serve connections, behind one lock.
final class ServerState: @unchecked Sendable {
    typealias Responder = @Sendable (RecordedRequest) -> CannedResponse

    private let lock = NSLock()
    private var routes: [String: CannedResponse] = [:]
    private var families: [(prefix: String, respond: Responder)] = []
    private var latency: Duration
    private var counts: [String: Int] = [:]
    private var lastRequests: [String: RecordedRequest] = [:]
    private var total = 0
    private var open: [ObjectIdentifier: any Channel] = [:]
    private var peak = 0
    private var accepted = 0
    private var inFlight: [String: Int] = [:]
    private var peakInFlight: [String: Int] = [:]

    init(latency: Duration) {
        self.latency = latency
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func setRoute(_ path: String, _ response: CannedResponse) { locked { routes[path] = response } }

    func setFamily(prefix: String, _ respond: @escaping Responder) {
        locked {
            families.removeAll { $0.prefix == prefix }
            families.append((prefix, respond))
            families.sort { $0.prefix.count > $1.prefix.count }
        }
    }

    func setLatency(_ value: Duration) { locked { latency = value } }

    func requestCount(for path: String) -> Int { locked { counts[path, default: 0] } }
    func lastRequest(for path: String) -> RecordedRequest? { locked { lastRequests[path] } }
    var totalRequests: Int { locked { total } }
    var peakConnections: Int { locked { peak } }
    var acceptedConnections: Int { locked { accepted } }
    func peakConcurrentRequests(for path: String) -> Int { locked { peakInFlight[path, default: 0] } }
    var peakConcurrentRequestsOfOnePath: Int { locked { peakInFlight.values.max() ?? 0 } }

    /// The answer to a request of `path` is being sent: it is no longer waiting.
    func answered(_ path: String) {
        locked { inFlight[path, default: 1] -= 1 }
    }

    func connectionOpened(_ channel: any Channel) {
        locked {
            open[ObjectIdentifier(channel)] = channel
            accepted += 1
            peak = max(peak, open.count)
        }
    }

    func connectionClosed(_ channel: any Channel) { _ = locked { open.removeValue(forKey: ObjectIdentifier(channel)) } }

    var openChannels: [any Channel] { locked { Array(open.values) } }

    /// Records `request` and chooses its answer and the latency before answering.
    func respond(to request: RecordedRequest) -> (CannedResponse, Duration) {
        let (route, family, wait) = locked { () -> (CannedResponse?, Responder?, Duration) in
            total += 1
            counts[request.path, default: 0] += 1
            lastRequests[request.path] = request
            inFlight[request.path, default: 0] += 1
            peakInFlight[request.path] = max(peakInFlight[request.path, default: 0], inFlight[request.path, default: 0])
            let family = families.first { request.path.hasPrefix($0.prefix) }?.respond
            return (routes[request.path], family, latency)
        }
        let response = route ?? family?(request) ?? CannedResponse.error(404)
        let answer = ConditionalRequest.isNotModified(response, for: request) ? response.notModified() : response
        return (answer, wait + response.delay)
    }
}
