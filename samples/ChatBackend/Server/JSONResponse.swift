import ChatAPI
import Foundation
import Hummingbird

/// Builds JSON responses with the chat API's coding (``ChatJSON``).
enum JSONResponse {
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try ChatJSON.makeEncoder().encode(value)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(data.count)],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
