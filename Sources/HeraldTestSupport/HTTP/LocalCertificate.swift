import Foundation
import NIOSSL

/// A self-signed certificate for test host names, made by the `openssl` command for one test
/// run: ``LocalHTTPServer`` serves HTTPS with it, and a client that trusts it (``trustRoots``)
/// checks names against it as against any other certificate.
public struct LocalCertificate: Sendable {
    /// The certificate, PEM.
    public let certificatePEM: String
    /// Its private key, PEM.
    public let keyPEM: String

    /// Why a certificate could not be made.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// Makes a certificate valid for `names` (DNS names) for two days.
    /// - Throws: ``Unavailable`` when `openssl` is missing or fails (the test says why and skips).
    public static func make(for names: [String]) throws -> LocalCertificate {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-cert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("key.pem").path
        let certificate = folder.appendingPathComponent("certificate.pem").path
        let candidates = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/bin/openssl"]
        guard let openssl = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Unavailable(description: "the openssl command is not installed (apt-get install openssl)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: openssl)
        process.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=\(names.first ?? "localhost")",
            "-addext", "subjectAltName=" + names.map { "DNS:" + $0 }.joined(separator: ","),
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let certificateText = try? String(contentsOfFile: certificate, encoding: .utf8),
              let keyText = try? String(contentsOfFile: key, encoding: .utf8) else {
            throw Unavailable(description: "openssl could not make a certificate (status \(process.terminationStatus))")
        }
        return LocalCertificate(certificatePEM: certificateText, keyPEM: keyText)
    }

    /// A client's trust roots that hold this certificate only.
    public func trustRoots() throws -> NIOSSLTrustRoots {
        .certificates(try NIOSSLCertificate.fromPEMBytes(Array(certificatePEM.utf8)))
    }

    /// The server's TLS settings.
    func serverConfiguration() throws -> TLSConfiguration {
        TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMBytes(Array(certificatePEM.utf8)).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(keyPEM.utf8), format: .pem)))
    }
}
