import Hummingbird

/// `/static/…`: the stylesheet and the script, cached for a year (their names carry a version).
enum StaticResponses {
    static func asset(_ path: String) -> Response {
        let body: String
        let type: String
        switch path {
        case StaticAssets.stylesheetPath: (body, type) = (StaticAssets.stylesheet, "text/css; charset=utf-8")
        case StaticAssets.scriptPath: (body, type) = (StaticAssets.script, "text/javascript; charset=utf-8")
        case StaticAssets.iconPath, "/favicon.ico": (body, type) = (StaticAssets.icon, "image/svg+xml")
        default:
            return Response(status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "No such file.\n")))
        }
        return Response(status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=31536000, immutable"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
