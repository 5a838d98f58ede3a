import Foundation

/// Reads a whole file for a front-to-back parse: mapped privately and read-only with
/// `MAP_POPULATE`, so the kernel maps every page of it in one call instead of taking a page fault
/// per 4 kB page (or copying it into a fresh buffer, as `read(2)` would). Pages of such a mapping
/// can be let go once parsed (`MADV_DONTNEED`) and come back unchanged from the file if read again.
enum MappedFile {
    /// The file's bytes, or nil when it cannot be opened or mapped (a directory, a missing file).
    /// An empty file gives empty data; the mapping is released with the last copy of the data.
    static func contents(atPath path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(status.st_size)
        guard size > 0 else { return Data() }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0),
              address != MAP_FAILED else {
            return FileManager.default.contents(atPath: path)
        }
        return Data(bytesNoCopy: address, count: size, deallocator: .custom { pointer, count in
            munmap(pointer, count)
        })
    }
}
