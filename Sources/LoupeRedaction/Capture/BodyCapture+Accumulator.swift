import Crypto
import LoupeCore

extension BodyCapture {
    /// Captures a body that arrives in chunks (the proxy tees bodies as they stream through):
    /// decodes as it goes, keeps at most `limit` decoded bytes, and hashes what it decodes.
    ///
    /// ```swift
    /// let capture = BodyCapture.Accumulator(contentType: type, contentEncoding: encoding, limit: 1 << 20)
    /// for chunk in body { capture.append(chunk) }
    /// let captured = capture.finish()
    /// ```
    ///
    /// Memory is bounded by `limit` (plus the first ``BodyCapture/sniffLength`` bytes and one
    /// inflate buffer) however large or however compressed the body is. The SHA-256 of a binary
    /// body is known when the whole body was decoded: always for uncompressed bodies, and for
    /// compressed ones that decode to no more than `limit` bytes.
    ///
    /// A class because the inflate stream it owns must not be copied; use one accumulator per body.
    public final class Accumulator {
        private enum Coding {
            case identity
            case compressed(CapturedBody.ContentCoding)
            /// A coding Loupe cannot decode, or more than one coding.
            case unsupported
        }

        private let contentType: String?
        private let limit: Int
        private let coding: Coding
        private let binaryByType: Bool

        /// Bytes seen on the wire.
        private var wireSize = 0
        /// Wire bytes held back until the deflate header tells zlib from raw deflate.
        private var pendingHeader: [UInt8] = []
        private var inflater: Inflater?
        private var failed = false
        /// Set when inflating stopped at the limit (the rest of a compressed body is not decoded).
        private var stoppedDecoding = false

        /// The first decoded bytes: up to `limit`, and at least the sniffing prefix.
        private var kept: [UInt8] = []
        private var decodedSize = 0
        private var hasher = SHA256()
        private var isFinished = false

        /// - Parameters:
        ///   - contentType: The `Content-Type` header value.
        ///   - contentEncoding: The `Content-Encoding` header value; `identity` and empty mean none.
        ///   - limit: The most decoded bytes of text to keep (negative counts as 0).
        public init(contentType: String?, contentEncoding: String?, limit: Int) {
            self.contentType = contentType
            self.limit = max(0, limit)
            self.binaryByType = BodyCapture.isBinaryContentType(contentType)
            let codings = (contentEncoding ?? "").split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                .filter { !$0.isEmpty && $0 != "identity" }
            switch codings {
            case []: coding = .identity
            case ["gzip"], ["x-gzip"]: coding = .compressed(.gzip)
            case ["deflate"]: coding = .compressed(.deflate)
            default: coding = .unsupported
            }
        }

        private var keepCapacity: Int { max(limit, BodyCapture.sniffLength) }

        /// Adds the next chunk of the body as it was on the wire.
        public func append(_ chunk: some Collection<UInt8>) {
            precondition(!isFinished, "append(_:) after finish()")
            wireSize += chunk.count
            guard !failed, !stoppedDecoding, !chunk.isEmpty else { return }
            switch coding {
            case .unsupported:
                return
            case .identity:
                let contiguous = Array(chunk)
                contiguous.withUnsafeBytes { _ = takeDecoded($0) }
            case .compressed(let kind):
                if inflater == nil {
                    pendingHeader.append(contentsOf: chunk)
                    // Two bytes tell a zlib header from raw deflate; gzip needs no peeking.
                    guard kind == .gzip || pendingHeader.count >= 2 else { return }
                    let wrapper: Inflater.Wrapper = kind == .gzip || Self.hasZlibHeader(pendingHeader) ? .automatic : .raw
                    guard let created = Inflater(wrapper: wrapper) else {
                        failed = true
                        return
                    }
                    inflater = created
                    let header = pendingHeader
                    pendingHeader = []
                    inflate(header)
                } else {
                    inflate(Array(chunk))
                }
            }
        }

        /// The captured body; call once, after the last chunk.
        public func finish() -> CapturedBody {
            isFinished = true
            if case .compressed = coding, inflater == nil, !pendingHeader.isEmpty, !failed {
                // A one-byte deflate body: decide now.
                let header = pendingHeader
                pendingHeader = []
                inflater = Inflater(wrapper: .raw)
                if inflater == nil { failed = true } else { inflate(header) }
            }
            if wireSize == 0 {
                return CapturedBody(contentType: contentType, text: "", originalSize: 0)
            }
            var decodedFrom: CapturedBody.ContentCoding?
            switch coding {
            case .unsupported:
                return CapturedBody(contentType: contentType, originalSize: wireSize,
                                    omitted: .init(reason: .undecodable))
            case .compressed(let kind):
                // A stream that ends before zlib saw its end is as unusable as a corrupt one,
                // unless decoding stopped on purpose at the limit.
                if failed || (!stoppedDecoding && inflater?.isFinished != true) {
                    return CapturedBody(contentType: contentType, originalSize: wireSize,
                                        omitted: .init(reason: .undecodable))
                }
                decodedFrom = kind
            case .identity:
                break
            }

            let completelyDecoded = !stoppedDecoding
            let isText = !binaryByType
                && BodyCapture.looksLikeText(kept.prefix(BodyCapture.sniffLength),
                                             isComplete: decodedSize <= BodyCapture.sniffLength)
            guard isText else {
                let digest = completelyDecoded ? hasher.finalize().lowercaseHex : nil
                return CapturedBody(contentType: contentType, originalSize: wireSize,
                                    omitted: .init(reason: .binary, sha256: digest), decodedFrom: decodedFrom)
            }

            let truncated = decodedSize > limit || stoppedDecoding
            var stored = Array(kept.prefix(limit))
            if truncated { stored.removeLast(BodyCapture.incompleteSuffixLength(stored)) }
            return CapturedBody(contentType: contentType, text: String(decoding: stored, as: UTF8.self),
                                originalSize: wireSize, truncated: truncated, decodedFrom: decodedFrom)
        }

        // MARK: Decoding

        private func inflate(_ bytes: [UInt8]) {
            guard let inflater else { return }
            do {
                let completed = try bytes.withUnsafeBytes { (buffer) throws(Inflater.Failure) in
                    try inflater.inflate(buffer) { takeDecoded($0) }
                }
                if !completed { stoppedDecoding = true }
            } catch {
                failed = true
            }
        }

        /// Keeps, counts and hashes decoded bytes; returns whether decoding should go on.
        private func takeDecoded(_ bytes: UnsafeRawBufferPointer) -> Bool {
            decodedSize += bytes.count
            hasher.update(bufferPointer: bytes)
            let room = keepCapacity - kept.count
            if room > 0 { kept.append(contentsOf: bytes.prefix(room)) }
            // The zip-bomb guard: a compressed body is decoded no further than the limit. Plain
            // bodies are only hashed past it, which costs no memory.
            if case .compressed = coding, decodedSize > keepCapacity { return false }
            return true
        }

        /// Whether two bytes start a zlib stream (RFC 1950: method 8, header checksum divisible by 31).
        static func hasZlibHeader(_ bytes: [UInt8]) -> Bool {
            guard bytes.count >= 2 else { return false }
            return bytes[0] & 0x0F == 8 && (UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 31 == 0
        }

    }
}
