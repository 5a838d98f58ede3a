import Foundation

/// Reads a whole file for a front-to-back parse: mapped privately and read-only with
/// `MAP_POPULATE`, so the kernel maps every page of it in one call instead of taking a page fault
/// per 4 kB page (or copying it into a fresh buffer, as `read(2)` would). Pages of such a mapping
/// can be let go once parsed (`MADV_DONTNEED`) and come back unchanged from the file if read again.
enum MappedFile {
    /// The file's bytes, and whether they are a private mapping of it (only then may pages be let
    /// go); nil when it cannot be read. A regular file is mapped (read instead if mapping fails);
    /// anything else (a pipe, `/dev/stdin`) is read. An empty file gives empty data; the mapping is
    /// released with the last copy of the data.
    static func contents(atPath path: String) -> (data: Data, isMapped: Bool)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let read = { readAll(descriptor).map { (data: $0, isMapped: false) } }
        guard status.st_mode & S_IFMT == S_IFREG else { return read() }
        let size = Int(status.st_size)
        guard size > 0 else { return (Data(), false) }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0),
              address != MAP_FAILED else {
            return read()
        }
        let data = Data(bytesNoCopy: address, count: size, deallocator: .custom { pointer, count in
            munmap(pointer, count)
        })
        return (data, true)
    }

    /// Everything left to read from a descriptor (a pipe's whole stream), or nil on an error.
    private static func readAll(_ descriptor: Int32) -> Data? {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            data.append(contentsOf: chunk[..<count])
        }
    }
}
